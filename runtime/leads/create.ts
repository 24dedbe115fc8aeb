/**
 * The one place a lead is written. Every source (the lead API, the trade-in form, a reservation's
 * deposit, an online payment, the checkout journey) hands its fields here, inside its own
 * transaction, and gets the same row: bound to the receiving dealer's dealership and location
 * (binding.ts), the status fields set, the lead stored, and, when it is complete, one delivery row
 * per destination (outbox.ts), so each destination gets each complete lead once.
 *
 * A form's place (`place: "refuse"`) that names another dealer's dealership or location is the
 * shopper's to fix: the errors come back and nothing is written. A paid purpose's lead
 * (`place: "drop"`) is written whatever its car names: a dealership or location that is not the
 * dealer's own is left out, and a dealer with several dealerships and no choice made gets none.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { DealerManifest } from "../generated/types";
import type { Queryable } from "../db/types";
import { bindToDealer, type Binding } from "./binding";
import { enqueueDeliveries } from "./outbox";
import { destinationsFor, type Env } from "./settings";
import type { FieldError } from "@/runtime/field-error";

export type LeadStatus = "Incomplete" | "Complete";

/** Where the lead belongs, as its source names it (ids as numbers or digit strings). */
export interface LeadPlace {
  dealership_id?: unknown;
  dealership_slug?: unknown;
  location_id?: unknown;
}

export interface NewLead {
  manifest: DealerManifest;
  category: string;
  subcategory?: string | null;
  /** The lead's fields as destinations receive them (contact details, message, car, attribution…). */
  fields: Record<string, unknown>;
  place?: LeadPlace;
  /** How a place that is not the dealer's own is taken: refused (a form) or left out (a paid purpose). */
  onForeignPlace: "refuse" | "drop";
  /** Complete (delivered now) or an early step of a multi-step form. */
  final: boolean;
  /** The client's Idempotency-Key and a hash of its request: the same key again is a replay, not a second lead. */
  idempotency?: { key: string; hash: string } | null;
  env?: Env;
}

export type CreateLeadOutcome =
  | { ok: true; id: string; status: LeadStatus; enqueued: number; replay: boolean; binding: Binding }
  | { ok: false; reason: "place"; errors: FieldError[] }
  | { ok: false; reason: "key-reused" };

const asId = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^[0-9]{1,10}$/.test(v) ? Number(v) : null;

/** The place with what is not this dealer's own left out (and a location of another dealership than the one named). */
function ownPlace(place: LeadPlace, manifest: DealerManifest): LeadPlace {
  const dealership = (manifest.dealerships ?? []).find(
    (d) => d.id === asId(place.dealership_id) || (place.dealership_slug !== undefined && d.slug === place.dealership_slug),
  );
  const location = (manifest.locations ?? []).find((l) => l.id === asId(place.location_id));
  const out: LeadPlace = {};
  if (dealership) out.dealership_id = dealership.id;
  if (location && (!dealership || location.dealership_id === dealership.id)) out.location_id = location.id;
  return out;
}

/** The dealership and location a lead is filed under, as every source binds it. */
export function bindLead(manifest: DealerManifest, place: LeadPlace, final: boolean, onForeignPlace: "refuse" | "drop") {
  if (onForeignPlace === "refuse") return bindToDealer(place as never, manifest, final);
  const own = ownPlace(place, manifest);
  const bound = bindToDealer(own as never, manifest, final);
  // Several dealerships and none named: the lead is still the dealer's, filed under none.
  return bound.ok ? bound : bindToDealer(own as never, manifest, false);
}

/** Binds, stores and (when complete) enqueues the lead, in the caller's transaction. */
export async function createLead(tx: Queryable, lead: NewLead): Promise<CreateLeadOutcome> {
  const bound = bindLead(lead.manifest, lead.place ?? {}, lead.final, lead.onForeignPlace);
  if (!bound.ok) return { ok: false, reason: "place", errors: bound.errors };
  const b = bound.binding;
  const status: LeadStatus = lead.final ? "Complete" : "Incomplete";
  const payload: Record<string, unknown> = { ...lead.fields, lead_status: status, form_completed: lead.final };
  if (b.dealership_slug && payload.dealership_slug === undefined) payload.dealership_slug = b.dealership_slug;
  const id = randomUUID();
  const dealer = lead.manifest.slug;
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO leads (id, dealer_slug, dealership_id, location_id, category, subcategory, status, form_completed, payload, idempotency_key, request_hash, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, CASE WHEN $8 THEN now() END)
     ON CONFLICT (dealer_slug, idempotency_key) DO NOTHING
     RETURNING id`,
    [
      id,
      dealer,
      b.dealership_id,
      b.location_id,
      lead.category,
      lead.subcategory ?? null,
      status,
      lead.final,
      JSON.stringify(payload),
      lead.idempotency?.key ?? null,
      lead.idempotency?.hash ?? null,
    ],
  );
  if (!inserted.length) {
    const [existing] = await tx.query<{ id: string; status: LeadStatus; request_hash: string | null }>(
      "SELECT id, status, request_hash FROM leads WHERE dealer_slug = $1 AND idempotency_key = $2",
      [dealer, lead.idempotency?.key ?? null],
    );
    if (!existing) throw new Error("idempotency conflict without a row");
    if (existing.request_hash && existing.request_hash !== lead.idempotency?.hash) return { ok: false, reason: "key-reused" };
    return { ok: true, id: existing.id, status: existing.status, enqueued: 0, replay: true, binding: b };
  }
  const enqueued = lead.final ? await enqueueDeliveries(tx, id, destinationsFor(lead.manifest, lead.category, lead.env)) : 0;
  return { ok: true, id, status, enqueued, replay: false, binding: b };
}
