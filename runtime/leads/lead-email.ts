/**
 * A lead as a plain-text email for a dealer's email destination: the subject names the form and
 * the car, the body lists the shopper's details, their message, the car (stock number and link)
 * and the dealership. Plain text only, so nothing the shopper typed can become markup; every value
 * has its control characters removed, and the subject (a mail header) is kept to one line.
 * Pure: the outbox sends what this returns through the platform's message adapter.
 */
import { DEFAULT_TIME_ZONE, shortInZone } from "../time";
import type { DeliveredLead } from "./payload";

export interface LeadEmail {
  subject: string;
  text: string;
}

/** Text with control characters removed (a line break kept only where `multiline`), trimmed. */
function clean(value: unknown, multiline = false): string {
  if (value === undefined || value === null || typeof value === "object") return "";
  const s = String(value)
    .replace(/\r\n?/g, "\n")
    .replace(multiline ? /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g : /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, multiline ? "" : " ");
  return multiline ? s.replace(/\n{3,}/g, "\n\n").trim() : s.replace(/\s+/g, " ").trim();
}

/** The form's name in words: "test-drive" → "Test drive". */
function formName(form: string): string {
  const words = form.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Enquiry";
}

/** The car the lead is about, in words ("2024 Chery Omoda 5"), or "" when it names none. */
function carOf(f: Record<string, unknown>): string {
  return [f["Vehicle Year"], f["Vehicle Make"], f["Vehicle Model"]]
    .map((v) => clean(v))
    .filter(Boolean)
    .join(" ");
}

/** When the lead came, as the dealer's staff read a clock (their zone, abbreviated); the value as it is when unreadable. */
function receivedAt(at: string | null | undefined, timeZone: string): string {
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? shortInZone(date, timeZone) : clean(at);
}

/** The lead as a readable email to the dealer's staff (times in the dealer's `timeZone`). */
export function leadEmail(lead: DeliveredLead, dealerName: string, timeZone: string = DEFAULT_TIME_ZONE): LeadEmail {
  const f = (lead.fields ?? {}) as Record<string, unknown>;
  const form = formName(clean(f.form) || "enquiry");
  const car = carOf(f);
  const stock = clean(f.stock_number);
  const shopper = [clean(f.name), clean(f.last_name)].filter(Boolean).join(" ");
  const dealership = clean(lead.dealership?.name) || clean(dealerName) || lead.dealer;
  const about = car ? `${car}${stock ? ` (stock ${stock})` : ""}` : stock ? `stock ${stock}` : clean(lead.category);
  const subject = clean(`Website ${form.toLowerCase()}: ${[about, shopper].filter(Boolean).join(", ")}`).slice(0, 200);

  const line = (label: string, value: unknown) => {
    const v = clean(value);
    return v ? [`${label}: ${v}`] : [];
  };
  const rego = f.rego ?? f.Rego;
  const message = clean(f.message, true);
  const extras = [
    ...line("Order detail", f["Order Detail"]),
    ...line("Part#", f["Part#"]),
    ...line("Rego/VIN/Part#", f["Rego/VIN/Part#"]),
    ...line(
      "Preferred date",
      [f.date, f.time]
        .map((v) => clean(v))
        .filter(Boolean)
        .join(" "),
    ),
    ...line("Currently under finance", f.finance),
    ...line("Has a trade-in", f["do-you-have-a-trade-in"]),
    ...line("Trade-in rego", rego ? `${clean(rego)}${f.regoState ? ` (${clean(f.regoState)})` : ""}` : ""),
    ...line("Trade-in odometer (km)", f.kms),
  ];
  // The page's link is the car's when the lead is about one; otherwise it is only the page the form was on.
  const aboutACar = Boolean(car || stock || f.VIN);
  const carLines = aboutACar ? [...line("Car", car), ...line("Stock number", stock), ...line("VIN", f.VIN), ...line("Link", f.url)] : [];
  const text = [
    `A shopper sent this ${form.toLowerCase()} from the ${dealership} website.`,
    "",
    "Shopper",
    ...line("Name", shopper),
    ...line("Email", f.email),
    ...line("Phone", f.phone),
    ...line("Postcode", f.postcode),
    ...line("Preferred contact", f.PreferredContactMethod),
    "",
    "Message",
    message || "(no message)",
    ...(extras.length ? ["", ...extras] : []),
    ...(carLines.length ? ["", "Car", ...carLines] : []),
    "",
    "Dealership",
    ...line("Dealership", dealership),
    ...line("Location", lead.location?.name),
    ...line("Category", [clean(lead.category), clean(lead.subcategory)].filter(Boolean).join(" / ")),
    ...(aboutACar ? [] : line("Sent from", f.url)),
    ...line("Received", receivedAt(lead.completed_at ?? lead.created_at, timeZone)),
    ...line("Lead id", lead.lead_id),
    "",
    "Reply to the shopper at the email address or phone number above.",
  ].join("\n");
  return { subject, text };
}
