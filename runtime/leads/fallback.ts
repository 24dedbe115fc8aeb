/**
 * Leads that reached no destination of their dealer's own: kept in the local inbox when that is
 * the platform's fallback (npm start), and listed for staff (the directory and the studio) with
 * how many went to a fallback and how many went nowhere, so a dealer set live without a lead
 * destination is noticed the day it happens.
 */
import type { Queryable } from "../db/types";
import { storeInboxMessage } from "../accounts/local-inbox";
import type { DeliveredLead } from "./payload";
import { FALLBACK_INBOX_ID, FALLBACK_WEBHOOK_ID } from "./settings";

/** Who the local inbox lists a fallen-back lead as addressed to: the platform's staff, not a shopper. */
export const FALLBACK_RECIPIENT = "platform staff (lead fallback)";

/** The lead's fields as plain lines, for a person reading the inbox. */
function leadText(lead: DeliveredLead, dealerName: string): string {
  const fields = Object.entries(lead.fields ?? {})
    .filter(([, v]) => v !== null && v !== undefined && v !== "" && typeof v !== "object")
    .map(([k, v]) => `${k}: ${String(v)}`);
  return [
    `${dealerName} has no lead destination, so this ${lead.category} lead came to the platform's fallback instead.`,
    "Pass it to the dealer, and add their lead destination (the go-live check lists it).",
    "",
    `lead: ${lead.lead_id}`,
    `dealer: ${lead.dealer}`,
    ...(lead.location?.name ? [`location: ${lead.location.name}`] : []),
    ...fields,
  ].join("\n");
}

/** Keeps one lead in the local inbox, addressed to the platform's staff. */
export async function deliverToInbox(db: Queryable, lead: DeliveredLead, dealerName: string): Promise<void> {
  await storeInboxMessage(db, {
    dealer: lead.dealer,
    channel: "email",
    to: FALLBACK_RECIPIENT,
    subject: `Lead for ${dealerName} with no lead destination: ${lead.category}`,
    text: leadText(lead, dealerName),
  });
}

/** One dealer's complete leads that no destination of its own took, in the period asked for. */
export interface LeadFallback {
  dealer: string;
  /** Delivered (or being delivered) to a platform fallback. */
  fellBack: number;
  /** Stored with no destination at all (no fallback was set). */
  nowhere: number;
  /** The newest such lead's completion time. */
  last: Date;
}

/** Dealers whose complete leads of the last `days` days went to a fallback or nowhere, most recent first. */
export async function leadFallbacks(db: Queryable, days = 30): Promise<LeadFallback[]> {
  const rows = await db.query<{ dealer_slug: string; fell_back: string | number; nowhere: string | number; last: Date | string }>(
    `SELECT l.dealer_slug,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id)) AS fell_back,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id)) AS nowhere,
            max(COALESCE(l.completed_at, l.created_at)) AS last
       FROM leads l
      WHERE l.status = 'Complete'
        AND COALESCE(l.completed_at, l.created_at) > now() - ($1::int * interval '1 day')
        AND NOT EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.destination NOT IN ($2, $3))
      GROUP BY l.dealer_slug
      ORDER BY last DESC`,
    [days, FALLBACK_WEBHOOK_ID, FALLBACK_INBOX_ID],
  );
  return rows.map((r) => ({ dealer: r.dealer_slug, fellBack: Number(r.fell_back), nowhere: Number(r.nowhere), last: new Date(r.last) }));
}
