/**
 * ADF 1.0 (Auto-lead Data Format) XML for a lead, the automotive CRM format.
 * Every text goes through escapeXml: the five XML entities are escaped and characters XML 1.0
 * does not allow (control characters, lone surrogates, U+FFFE/U+FFFF) are dropped.
 */
import type { DeliveredLead } from "./payload";

/** Escapes text for XML element content and attribute values. */
export function escapeXml(value: unknown): string {
  const s = value === undefined || value === null ? "" : String(value);
  return s
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const el = (name: string, value: unknown, attrs: Record<string, string> = {}, indent = ""): string => {
  if (value === undefined || value === null || value === "") return "";
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  return `${indent}<${name}${a}>${escapeXml(value)}</${name}>\n`;
};

const str = (v: unknown): string | undefined => (v === undefined || v === null || v === "" ? undefined : String(v));

export function leadToAdf(lead: DeliveredLead): string {
  const f = lead.fields as Record<string, unknown>;
  const comments = [
    str(f.message),
    str(f["Order Detail"]) && `Order detail: ${f["Order Detail"]}`,
    str(f["Part#"]) && `Part#: ${f["Part#"]}`,
    str(f["Rego/VIN/Part#"]) && `Rego/VIN/Part#: ${f["Rego/VIN/Part#"]}`,
    str(f.date) && `Preferred date: ${f.date}${f.time ? ` ${f.time}` : ""}`,
    str(f.PreferredContactMethod) && `Preferred contact: ${f.PreferredContactMethod}`,
    str(f.finance) && `Currently under finance: ${f.finance}`,
    str(f["do-you-have-a-trade-in"]) && `Has a trade-in: ${f["do-you-have-a-trade-in"]}`,
  ]
    .filter(Boolean)
    .join("\n");

  const I2 = "    ",
    I3 = "      ",
    I4 = "        ";
  let vehicle = "";
  if (f["Vehicle Make"] || f["Vehicle Model"] || f.stock_number || f.VIN || f.car_id) {
    const status = f.car_type === "new" || f.car_type === "demo" ? "new" : f.car_type === "used" ? "used" : undefined;
    vehicle =
      `${I2}<vehicle interest="buy"${status ? ` status="${status}"` : ""}>\n` +
      el("id", f.car_id, { source: "website" }, I3) +
      el("year", f["Vehicle Year"], {}, I3) +
      el("make", f["Vehicle Make"], {}, I3) +
      el("model", f["Vehicle Model"], {}, I3) +
      el("vin", f.VIN, {}, I3) +
      el("stock", f.stock_number, {}, I3) +
      `${I2}</vehicle>\n`;
  }
  let tradeIn = "";
  const rego = f.rego ?? f.Rego;
  if (rego || f.kms !== undefined || f.offer_price !== undefined) {
    tradeIn =
      `${I2}<vehicle interest="trade-in" status="used">\n` +
      el("odometer", f.kms, { status: "original", units: "km" }, I3) +
      el(
        "comments",
        [
          rego && `Rego: ${rego}${f.regoState ? ` (${f.regoState})` : ""}`,
          f.offer_price !== undefined && `Offer: ${f.offer_price}`,
          f.offer_accepted !== undefined && `Offer accepted: ${f.offer_accepted ? "yes" : "no"}`,
        ]
          .filter(Boolean)
          .join("; "),
        {},
        I3,
      ) +
      `${I2}</vehicle>\n`;
  }
  const phoneType = f.PreferredContactMethod === "SMS" ? "cellphone" : "voice";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>\n` +
    `  <prospect status="new">\n` +
    el("id", lead.lead_id, { sequence: "1", source: "dealer-platform" }, I2) +
    el("requestdate", lead.created_at, {}, I2) +
    vehicle +
    tradeIn +
    `${I2}<customer>\n${I3}<contact>\n` +
    el("name", f.name, { part: "first" }, I4) +
    el("name", f.last_name, { part: "last" }, I4) +
    el("email", f.email, {}, I4) +
    el("phone", f.phone, { type: phoneType }, I4) +
    (f.postcode ? `${I4}<address>\n${el("postalcode", f.postcode, {}, I4 + "  ")}${I4}  <country>AU</country>\n${I4}</address>\n` : "") +
    `${I3}</contact>\n` +
    el("comments", comments, {}, I3) +
    `${I2}</customer>\n` +
    `${I2}<vendor>\n` +
    el("id", lead.dealership?.id ?? "", { source: "dealership" }, I3) +
    el("vendorname", lead.dealership?.name ?? lead.dealer, {}, I3) +
    (lead.location ? el("id", lead.location.id, { source: "location" }, I3) : "") +
    `${I2}</vendor>\n` +
    `${I2}<provider>\n` +
    el("name", "Dealer website", { part: "full" }, I3) +
    el("service", [lead.category, lead.subcategory].filter(Boolean).join(" / "), {}, I3) +
    el("url", f.url, {}, I3) +
    `${I2}</provider>\n` +
    `  </prospect>\n</adf>\n`
  );
}
