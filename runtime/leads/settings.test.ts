import { describe, expect, it } from "vitest";
import type { DealerManifest } from "../generated/types";
import {
  destinationsFor,
  fallbackDestination,
  formsSettings,
  isEmailDestination,
  leadsReachSomeone,
  resolveDestination,
  resolveFormsSettings,
} from "./settings";

const manifest = (forms: DealerManifest["forms"]) => ({ forms }) as DealerManifest;

describe("forms settings, filled from the schema", () => {
  it("an absent section is the schema's defaults", () => {
    expect(resolveFormsSettings(undefined)).toEqual({
      destinations: [],
      commentsRequired: true,
      categories: [],
      defaultCategory: "General Enquiry",
      buttonText: "Enquire Now",
      submitText: "Submit Form",
      privacy: { text: "By submitting this form you agree to our privacy policy.", href: "/privacy-policy" },
      preferredContactMethod: { show: true, default: "Phone" },
      enquiryExtras: { finance: false, tradeIn: false, multiStep: false },
      testDrive: { showDateTime: true },
      parts: { enabled: true, splitFields: true },
      tradeIn: { enabled: true, valuation: "embedded", maxAgeYears: 7, maxKms: 100000 },
      successPath: "/success",
    });
    expect(formsSettings(null)).toBe(resolveFormsSettings(undefined));
  });

  it("keeps what the dealer wrote and fills the rest, nested sections included", () => {
    const s = formsSettings(manifest({ commentsRequired: false, tradeIn: { maxKms: 150000 }, chatBot: { provider: "livechat" } }));
    expect(s.commentsRequired).toBe(false);
    expect(s.tradeIn).toEqual({ enabled: true, valuation: "embedded", maxAgeYears: 7, maxKms: 150000 });
    expect(s.chatBot).toEqual({ provider: "livechat", blocked: false, label: "Instant Message" });
  });

  it("does not change the section it was given, and resolves it once", () => {
    const section = { tradeIn: { maxAgeYears: 5 } };
    const first = resolveFormsSettings(section);
    expect(section).toEqual({ tradeIn: { maxAgeYears: 5 } });
    expect(resolveFormsSettings(section)).toBe(first);
  });

  it("refuses a section that breaks the schema, saying where", () => {
    expect(() => resolveFormsSettings({ tradeIn: { maxKms: 0 } })).toThrow(/forms\.tradeIn\.maxKms/);
    expect(() => resolveFormsSettings({ destinations: [{ id: "Bad Id", url: "https://x.example", secretEnv: "LEADS_X" }] })).toThrow(/destinations\.0\.id/);
  });

  it("a webhook destination gets its format and timeout", () => {
    expect(resolveDestination({ id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" })).toEqual({
      id: "crm",
      url: "https://crm.example",
      secretEnv: "LEADS_CRM",
      format: "json",
      timeoutMs: 10000,
    });
  });

  it("an email destination is an id and one address, told apart from a webhook", () => {
    const email = resolveDestination({ id: "sales-email", email: "sales@dealer.example.com.au" });
    expect(email).toMatchObject({ id: "sales-email", email: "sales@dealer.example.com.au" });
    expect(isEmailDestination(email)).toBe(true);
    expect(isEmailDestination(resolveDestination({ id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" }))).toBe(false);
    expect(resolveFormsSettings({ destinations: [{ id: "parts-email", email: "parts@dealer.example", categories: ["Parts"] }] }).destinations).toHaveLength(1);
  });

  it("refuses an email destination whose address is not an email, or that mixes in webhook fields", () => {
    expect(() => resolveDestination({ id: "sales", email: "not an address" } as never)).toThrow(/destinations\.0\.email must match format "email"/);
    expect(() => resolveDestination({ id: "sales", email: "" } as never)).toThrow(/destinations\.0\.email/);
    expect(() => resolveDestination({ id: "sales", email: "a@b.example", url: "https://crm.example", secretEnv: "LEADS_CRM" } as never)).toThrow(
      /forms\.destinations\.0/,
    );
    expect(() => resolveDestination({ id: "sales", email: "a@b.example", type: "webhook" } as never)).toThrow(/forms\.destinations\.0/);
    expect(() => resolveDestination({ id: "sales" } as never)).toThrow(/forms\.destinations\.0/);
    expect(() => resolveDestination({ id: "sales", emails: ["a@b.example"] } as never)).toThrow(/forms\.destinations\.0/);
  });

  it("the platform fallback is a destination like any other, used only when the dealer names none", () => {
    const env = { LEADS_FALLBACK_WEBHOOK_URL: "https://fallback.example", LEADS_FALLBACK_WEBHOOK_FORMAT: "adf" };
    expect(fallbackDestination({})).toBeNull();
    expect(fallbackDestination(env)).toMatchObject({ id: "platform", format: "adf", timeoutMs: 10000 });
    expect(destinationsFor(manifest(undefined), "Service", env).map((d) => d.id)).toEqual(["platform"]);
    const own = manifest({
      destinations: [
        { id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" },
        { id: "parts", url: "https://parts.example", secretEnv: "LEADS_PARTS", categories: ["Parts"] },
      ],
    });
    expect(destinationsFor(own, "Service", env).map((d) => d.id)).toEqual(["crm"]);
    expect(destinationsFor(own, "Parts", env).map((d) => d.id)).toEqual(["crm", "parts"]);
  });

  it("destinationsFor gives a dealer's email destinations like its webhooks, by category, and no fallback beside them", () => {
    const env = { LEADS_FALLBACK_INBOX: "on" };
    const own = manifest({
      destinations: [
        { id: "sales-email", email: "sales@dealer.example.com.au" },
        { id: "parts-email", email: "parts@dealer.example.com.au", categories: ["Parts"] },
        { id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" },
      ],
    });
    expect(destinationsFor(own, "Service", env)).toEqual([
      { id: "sales-email", email: "sales@dealer.example.com.au", format: "json", timeoutMs: 10000 },
      { id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM", format: "json", timeoutMs: 10000 },
    ]);
    expect(destinationsFor(own, "Parts", env).map((d) => d.id)).toEqual(["sales-email", "parts-email", "crm"]);
    expect(leadsReachSomeone(manifest({ destinations: [{ id: "sales-email", email: "sales@dealer.example.com.au" }] }), { NODE_ENV: "production" })).toBe(true);
  });

  it("a destination that takes only what no other names: sales gets every enquiry but Service, the CRM still gets all", () => {
    const own = manifest({
      destinations: [
        { id: "sales-email", email: "sales@dealer.example.com.au", unclaimedOnly: true },
        { id: "service-email", email: "service@dealer.example.com.au", categories: ["Service"] },
        { id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" },
      ],
    });
    expect(destinationsFor(own, "Service", {}).map((d) => d.id)).toEqual(["service-email", "crm"]);
    expect(destinationsFor(own, "General Enquiry", {}).map((d) => d.id)).toEqual(["sales-email", "crm"]);
  });

  it("a dealer's leads reach someone with a destination of its own or a platform fallback, else no one", () => {
    const own = manifest({ destinations: [{ id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" }] });
    expect(leadsReachSomeone(own, {})).toBe(true);
    expect(leadsReachSomeone(manifest(undefined), { LEADS_FALLBACK_WEBHOOK_URL: "https://fallback.example" })).toBe(true);
    expect(leadsReachSomeone(manifest(undefined), { LEADS_FALLBACK_INBOX: "on" })).toBe(true);
    // A production server with no fallback configured: the lead is stored, but reaches no one.
    expect(leadsReachSomeone(manifest(undefined), { NODE_ENV: "production" })).toBe(false);
    expect(leadsReachSomeone(manifest(undefined), { AUTH_LOCAL_OUTBOX: "on", LEADS_FALLBACK_INBOX: "off" })).toBe(false);
  });
});
