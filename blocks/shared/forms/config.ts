/**
 * The serialisable form settings a server component hands to the client forms: the manifest's
 * `forms` section (schemas/forms-settings.schema.json) and wording with their defaults, and the
 * dealer's locations for the dealership picker. Pure (no Node APIs): the vehicle page calls it on
 * the server and passes the result to the dialogs.
 */
import type { DealerManifest } from "@/runtime/generated/types";
import { safeRedirectPath } from "@/runtime/safe-href";

export type ContactMethod = "Phone" | "Email" | "SMS";
export const CONTACT_METHODS: readonly ContactMethod[] = ["Phone", "Email", "SMS"];

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
  enquiryExtras: { finance: boolean; tradeIn: boolean; hiddenFieldValue?: string; multiStep: boolean };
  testDrive: { termsText?: string; showDateTime: boolean };
  parts: { enabled: boolean; splitFields: boolean };
  tradeIn: { enabled: boolean; maxAgeYears: number; maxKms: number };
  successPath: string;
  /** Sales locations of the dealer (visible ones), for the dealership picker. */
  locations: PickerOption[];
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const posInt = (v: unknown, d: number) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : d);

/** A site path only (never another host, no control characters): the success page. */
function sitePath(v: unknown, fallback: string): string {
  return safeRedirectPath(str(v), fallback);
}

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
  const f = obj((manifest as { forms?: unknown }).forms);
  const wording = obj(manifest.wording);
  const chatBot = obj(f.chatBot);
  const privacy = obj(f.privacy);
  const pcm = obj(f.preferredContactMethod);
  const extras = obj(f.enquiryExtras);
  const td = obj(f.testDrive);
  const parts = obj(f.parts);
  const tradeIn = obj(f.tradeIn);
  const chatFlag = (manifest.features as Record<string, boolean | undefined> | undefined)?.chat;
  const buttonFromForms = str(f.buttonText);
  const submitFromForms = str(f.submitText);
  const buttonText =
    wording.enquireButton === "Message"
      ? "Message Now"
      : buttonFromForms && buttonFromForms !== "Enquire Now"
        ? buttonFromForms
        : `${str(wording.enquireButton) ?? "Enquire"} Now`;
  const submitText = submitFromForms && submitFromForms !== "Submit Form" ? submitFromForms : (str(wording.submitButton) ?? "Submit Form");
  const defaultMethod = CONTACT_METHODS.includes(pcm.default as ContactMethod) ? (pcm.default as ContactMethod) : "Phone";
  return {
    dealerName: manifest.name,
    commentsRequired: f.commentsRequired !== false,
    categories: Array.isArray(f.categories) ? f.categories.filter((c): c is string => typeof c === "string" && c.trim() !== "") : [],
    defaultCategory: str(f.defaultCategory) ?? "General Enquiry",
    buttonText,
    submitText,
    chat:
      str(chatBot.provider) && chatBot.blocked !== true && chatFlag !== false
        ? { provider: String(chatBot.provider), ...(str(chatBot.id) ? { id: String(chatBot.id) } : {}), label: str(chatBot.label) ?? "Instant Message" }
        : null,
    privacy: { text: str(privacy.text) ?? "By submitting this form you agree to our privacy policy.", href: sitePath(privacy.href, "/privacy-policy") },
    preferredContactMethod: { show: pcm.show !== false, default: defaultMethod },
    enquiryExtras: {
      finance: extras.finance === true,
      tradeIn: extras.tradeIn === true,
      ...(str(extras.hiddenFieldValue) ? { hiddenFieldValue: String(extras.hiddenFieldValue) } : {}),
      multiStep: extras.multiStep === true,
    },
    testDrive: { ...(str(td.termsText) ? { termsText: String(td.termsText) } : {}), showDateTime: td.showDateTime !== false },
    parts: { enabled: parts.enabled !== false, splitFields: parts.splitFields !== false },
    tradeIn: { enabled: tradeIn.enabled !== false, maxAgeYears: posInt(tradeIn.maxAgeYears, 7), maxKms: posInt(tradeIn.maxKms, 100000) },
    successPath: sitePath(f.successPath, "/success"),
    locations: pickerOptions(manifest, locationType),
  };
}
