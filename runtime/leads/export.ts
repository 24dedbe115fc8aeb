/**
 * Support-staff views of stored leads (the `npm run leads` CLI): a masked listing and a CSV
 * export written by the platform's CSV writer (runtime/csv.ts: RFC 4180, formula-safe unless
 * --raw).
 */
import { toCsv } from "../csv";
import type { Db } from "../db/types";
import { CONTACT_FIELD_ORDER } from "./messages";
import type { LeadRow } from "./payload";

export interface LeadFilter {
  dealer?: string;
  /** Lead status (Complete, Incomplete) or delivery status (pending, delivered, failed). */
  status?: string;
  since?: Date;
  limit?: number;
}

export interface LeadWithDeliveries extends LeadRow {
  deliveries: Array<{ destination: string; status: string; attempts: number; last_error: string | null; delivered_at: string | null }>;
}

const LEAD_STATUSES: Record<string, string> = { complete: "Complete", incomplete: "Incomplete" };
const DELIVERY_STATUSES = new Set(["pending", "delivered", "failed"]);

export function parseStatus(status: string | undefined): { lead?: string; delivery?: string } {
  if (!status) return {};
  const s = status.toLowerCase();
  if (LEAD_STATUSES[s]) return { lead: LEAD_STATUSES[s] };
  if (DELIVERY_STATUSES.has(s)) return { delivery: s };
  throw new Error(`unknown status '${status}': use Complete, Incomplete, pending, delivered or failed`);
}

export async function findLeads(db: Db, filter: LeadFilter = {}): Promise<LeadWithDeliveries[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const st = parseStatus(filter.status);
  if (filter.dealer) where.push(`l.dealer_slug = $${params.push(filter.dealer)}`);
  if (st.lead) where.push(`l.status = $${params.push(st.lead)}`);
  if (st.delivery) where.push(`EXISTS (SELECT 1 FROM lead_deliveries x WHERE x.lead_id = l.id AND x.status = $${params.push(st.delivery)})`);
  if (filter.since) where.push(`l.created_at >= $${params.push(filter.since.toISOString())}`);
  const limit = filter.limit && filter.limit > 0 ? `LIMIT ${Math.floor(filter.limit)}` : "";
  const rows = await db.query<LeadRow & { deliveries: LeadWithDeliveries["deliveries"] | null }>(
    `SELECT l.*,
            (SELECT json_agg(json_build_object('destination', d.destination, 'status', d.status, 'attempts', d.attempts,
                                               'last_error', d.last_error, 'delivered_at', d.delivered_at) ORDER BY d.destination)
               FROM lead_deliveries d WHERE d.lead_id = l.id) AS deliveries
       FROM leads l ${where.length ? "WHERE " + where.join(" AND ") : ""}
      ORDER BY l.created_at DESC, l.id ${limit}`,
    params,
  );
  return rows.map((r) => ({ ...r, deliveries: r.deliveries ?? [] }));
}

// ---- masking -------------------------------------------------------------------------------

/** j***@e***.com.au */
export function maskEmail(email: unknown): string {
  if (typeof email !== "string" || !email.includes("@")) return email ? "***" : "";
  const [user, domain] = [email.slice(0, email.lastIndexOf("@")), email.slice(email.lastIndexOf("@") + 1)];
  const dot = domain.indexOf(".");
  const host = dot === -1 ? domain : domain.slice(0, dot);
  const rest = dot === -1 ? "" : domain.slice(dot);
  return `${user.slice(0, 1)}***@${host.slice(0, 1)}***${rest}`;
}

/** Only the last three digits: ******678 */
export function maskPhone(phone: unknown): string {
  if (typeof phone !== "string" || !phone) return "";
  const digits = phone.replace(/\D/g, "");
  return digits.length <= 3 ? "***" : "*".repeat(digits.length - 3) + digits.slice(-3);
}

/** First name and the initial of the last name. */
export function maskName(first: unknown, last: unknown): string {
  const f = typeof first === "string" ? first : "";
  const l = typeof last === "string" && last ? ` ${last.slice(0, 1)}.` : "";
  return `${f}${l}`.trim();
}

// ---- CSV -----------------------------------------------------------------------------------

export const EXPORT_COLUMNS = [
  "lead_id",
  "created_at",
  "dealer",
  "dealership_id",
  "location_id",
  "category",
  "subcategory",
  "lead_status",
  "form_completed",
  ...CONTACT_FIELD_ORDER,
  "car_type",
  "car_id",
  "stock_number",
  "Vehicle Make",
  "Vehicle Model",
  "Vehicle Year",
  "Rego",
  "regoState",
  "kms",
  "VIN",
  "Part#",
  "Rego/VIN/Part#",
  "Order Detail",
  "date",
  "time",
  "finance",
  "do-you-have-a-trade-in",
  "opt_in",
  "offer_price",
  "offer_accepted",
  "url",
  "PageTitle",
  "source",
  "utm",
  "deliveries",
] as const;

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d ? new Date(String(d)).toISOString() : "");

export function leadsToCsv(leads: readonly LeadWithDeliveries[], raw = false): string {
  const rows: unknown[][] = [[...EXPORT_COLUMNS]];
  for (const l of leads) {
    const p = l.payload ?? {};
    const utm = (p.lead_attributes as { linked_query_params?: Record<string, string> } | undefined)?.linked_query_params;
    rows.push(
      EXPORT_COLUMNS.map((c) => {
        switch (c) {
          case "lead_id":
            return l.id;
          case "created_at":
            return iso(l.created_at);
          case "dealer":
            return l.dealer_slug;
          case "dealership_id":
            return l.dealership_id;
          case "location_id":
            return l.location_id;
          case "category":
            return l.category;
          case "subcategory":
            return l.subcategory;
          case "lead_status":
            return l.status;
          case "form_completed":
            return l.form_completed;
          case "utm":
            return utm ? new URLSearchParams(utm).toString() : "";
          case "deliveries":
            return l.deliveries.map((d) => `${d.destination}:${d.status}`).join(" ");
          default:
            return p[c];
        }
      }),
    );
  }
  return toCsv(rows, { raw });
}
