/**
 * What the forms keep in the browser: the last-used contact details,
 * prefilled into the next form, and the success category read by the success page.
 */

/** localStorage key under which the enquiry forms record what was sent; the success page reads it. */
export const SUCCESS_CATEGORY_KEY = "successCategory";
export const CONTACT_KEY = "leadContactDetails";
export const CONTACT_FIELDS = ["name", "last_name", "email", "phone", "postcode"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactDetails = Partial<Record<ContactField, string>>;

function local(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadContact(): ContactDetails {
  try {
    const raw = local()?.getItem(CONTACT_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (!parsed || typeof parsed !== "object") return {};
    const out: ContactDetails = {};
    for (const f of CONTACT_FIELDS) {
      const v = (parsed as Record<string, unknown>)[f];
      if (typeof v === "string" && v.length <= 254) out[f] = v;
    }
    return out;
  } catch {
    return {};
  }
}

export function saveContact(values: Record<string, unknown>): void {
  const out: ContactDetails = {};
  for (const f of CONTACT_FIELDS) {
    const v = values[f];
    if (typeof v === "string" && v.trim()) out[f] = v.trim();
  }
  if (!Object.keys(out).length) return;
  try {
    local()?.setItem(CONTACT_KEY, JSON.stringify(out));
  } catch {
    // storage blocked
  }
}

export function saveSuccessCategory(category: string): void {
  try {
    local()?.setItem(SUCCESS_CATEGORY_KEY, category);
  } catch {
    // storage blocked: the success page shows its generic message
  }
}
