import { SUCCESS_CATEGORY_KEY } from "@/blocks/shared/forms/storage";

// The key is the forms' (they write it, this page reads it): re-exported for this block's parts.
export { SUCCESS_CATEGORY_KEY };

const LINES: [RegExp, string][] = [
  [/test ?drive/, "We'll contact you shortly to confirm your test drive time."],
  [/financ|loan/, "A finance specialist will be in touch to talk through your options."],
  [/service/, "Our service team will be in touch to confirm your booking."],
  [/trade|sell|valuation/, "We'll be in touch about your trade-in valuation."],
  [/part|accessor/, "Our parts team will check availability and get back to you."],
  [/reserv|checkout|deposit|purchase/, "We'll contact you to finalise your reservation."],
  [/enquir|inquir|contact|general|message|photo/, "We'll reply to your enquiry as soon as we can."],
];

/**
 * The line for a stored success category. The value may be a plain string ("test-drive")
 * or JSON (`"Test Drive"` or `{"category":"finance"}`); anything unknown gives null.
 */
export function lineForCategory(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // a plain string
  }
  if (value && typeof value === "object" && typeof (value as { category?: unknown }).category === "string") value = (value as { category: string }).category;
  if (typeof value !== "string") return null;
  const category = value.toLowerCase().replace(/[^a-z]+/g, " ");
  return LINES.find(([pattern]) => pattern.test(category))?.[1] ?? null;
}
