/**
 * The serialisable form settings a server component hands to the client forms: the manifest's
 * `forms` section (schemas/forms-settings.schema.json, defaults filled by resolveFormsSettings)
 * with the wording's button texts, and the dealer's locations for the dealership picker. Pure (no
 * Node APIs): the vehicle page calls it on the server and passes the result to the dialogs.
 */
import type { DealerManifest, ResolvedFormsSettings } from "@/runtime/generated/types";
import { formsSettings } from "@/runtime/leads/settings";
import { safeRedirectPath } from "@/runtime/safe-href";

import type { ContactMethod } from "./contact-methods";

export { CONTACT_METHODS, type ContactMethod } from "./contact-methods";

export interface OpeningHours {
  weekday: number;
  status: "Open" | "Closed";
  open?: string;
  close?: string;
}

/** A holiday of a location (its special hours): closed all day, or open from `open` to `close`. */
export interface HolidayHours {
  date: string;
  status: "Open" | "Closed";
  open?: string;
  close?: string;
}

/** One option of the dealership picker. */
export interface PickerOption {
  location_id: number;
  name: string;
  slug: string;
  city: string;
  postcode: string;
  state: string;
  dealership_id: number;
  dealership_slug: string;
  dealership_name: string;
  lat?: number;
  lng?: number;
  hours: OpeningHours[];
  /** Holiday hours, which win over the weekday's hours on their date. */
  holidays?: HolidayHours[];
  /** Set by a nearby search. */
  distance_km?: number;
}

export interface FormConfig {
  dealerName: string;
  commentsRequired: boolean;
  categories: string[];
  defaultCategory: string;
  /** '{Enquire} Now' or 'Message Now'. */
  buttonText: string;
  submitText: string;
  /** Chat action ('Instant Message') when a chat bot is configured and not blocked. */
  chat: { provider: string; id?: string; label: string } | null;
  privacy: { text: string; href: string };
  preferredContactMethod: { show: boolean; default: ContactMethod };
  enquiryExtras: ResolvedFormsSettings["enquiryExtras"];
  testDrive: ResolvedFormsSettings["testDrive"];
  parts: ResolvedFormsSettings["parts"];
  tradeIn: Pick<ResolvedFormsSettings["tradeIn"], "enabled" | "maxAgeYears" | "maxKms">;
  successPath: string;
  /** Sales locations of the dealer (visible ones), for the dealership picker. */
  locations: PickerOption[];
}

const str = (v: string | undefined): string | undefined => (v !== undefined && v.trim() !== "" ? v : undefined);

function typeMatches(t: string | undefined, type: string): boolean {
  const lt = t || "sales";
  return lt === type || (lt === "service-and-parts" && (type === "service" || type === "parts"));
}

/** The dealer's visible locations of a type (default sales) as picker options; all visible ones when none has that type. */
export function pickerOptions(manifest: Pick<DealerManifest, "locations" | "dealerships">, type = "sales"): PickerOption[] {
  const dealerships = manifest.dealerships ?? [];
  const visible = (manifest.locations ?? []).filter((l) => l.visible !== false);
  const ofType = visible.filter((l) => typeMatches(l.location_type, type));
  return (ofType.length ? ofType : visible).map((l) => {
    const d = dealerships.find((x) => x.id === l.dealership_id);
    return {
      location_id: l.id,
      name: l.name,
      slug: l.slug,
      city: l.address.city,
      postcode: l.address.postcode,
      state: String(l.address.state).toUpperCase(),
      dealership_id: l.dealership_id,
      dealership_slug: l.dealership_slug ?? d?.slug ?? "",
      dealership_name: d?.name ?? l.name,
      ...(typeof l.address.lat === "number" ? { lat: l.address.lat } : {}),
      ...(typeof l.address.long === "number" ? { lng: l.address.long } : {}),
      hours: (l.contact_detail.opening_hours ?? []).map((h) => ({
        weekday: h.weekday,
        status: h.status,
        ...(h.open ? { open: h.open } : {}),
        ...(h.close ? { close: h.close } : {}),
      })),
      holidays: (l.special_hours ?? []).map((s) => ({
        date: s.date,
        status: s.status,
        ...(s.start_hour ? { open: s.start_hour } : {}),
        ...(s.end_hour ? { close: s.end_hour } : {}),
      })),
    };
  });
}

export function formConfig(manifest: DealerManifest, locationType = "sales"): FormConfig {
  const f = formsSettings(manifest);
  const wording = manifest.wording ?? {};
  const chatFlag = (manifest.features as Record<string, boolean | undefined> | undefined)?.chat;
  const defaults = formsSettings(null);
  // The wording's button words apply unless the forms section names its own text.
  const buttonText =
    wording.enquireButton === "Message"
      ? "Message Now"
      : f.buttonText !== defaults.buttonText
        ? f.buttonText
        : `${str(wording.enquireButton) ?? "Enquire"} Now`;
  const submitText = f.submitText !== defaults.submitText ? f.submitText : (str(wording.submitButton) ?? f.submitText);
  const chatBot = f.chatBot;
  const { hiddenFieldValue, ...extras } = f.enquiryExtras;
  const { termsText, ...testDrive } = f.testDrive;
  return {
    dealerName: manifest.name,
    commentsRequired: f.commentsRequired,
    categories: f.categories.filter((c) => c.trim() !== ""),
    defaultCategory: f.defaultCategory,
    buttonText,
    submitText,
    chat:
      chatBot && !chatBot.blocked && chatFlag !== false
        ? { provider: chatBot.provider, ...(str(chatBot.id) ? { id: chatBot.id } : {}), label: str(chatBot.label) ?? defaultChatLabel() }
        : null,
    // A site path only (never another host, no control characters).
    privacy: { text: f.privacy.text, href: safeRedirectPath(f.privacy.href, defaults.privacy.href) },
    preferredContactMethod: f.preferredContactMethod,
    enquiryExtras: { ...extras, ...(str(hiddenFieldValue) ? { hiddenFieldValue } : {}) },
    testDrive: { ...testDrive, ...(str(termsText) ? { termsText } : {}) },
    parts: f.parts,
    tradeIn: { enabled: f.tradeIn.enabled, maxAgeYears: f.tradeIn.maxAgeYears, maxKms: f.tradeIn.maxKms },
    successPath: safeRedirectPath(f.successPath, defaults.successPath),
    locations: pickerOptions(manifest, locationType),
  };
}

/** The chat action's text when the dealer's chat bot gives none (the schema's default). */
const defaultChatLabel = () => formsSettings({ forms: { chatBot: { provider: "-" } } }).chatBot!.label;
