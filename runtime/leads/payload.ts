/** What a destination receives: the stored lead with its dealer context (JSON format). */
import type { DealerManifest } from "../generated/types";

export interface LeadRow {
  id: string;
  dealer_slug: string;
  dealership_id: number | null;
  location_id: number | null;
  category: string;
  subcategory: string | null;
  status: "Incomplete" | "Complete";
  form_completed: boolean;
  payload: Record<string, unknown>;
  idempotency_key: string | null;
  steps: number;
  created_at: Date | string;
  updated_at: Date | string;
  completed_at: Date | string | null;
}

export interface DeliveredLead {
  lead_id: string;
  dealer: string;
  dealership: { id: number; slug: string | null; name: string | null } | null;
  location: { id: number; slug: string | null; name: string | null } | null;
  category: string;
  subcategory: string | null;
  lead_status: "Incomplete" | "Complete";
  form_completed: boolean;
  created_at: string;
  completed_at: string | null;
  /** The validated form fields (contact details, message, car, attribution …). */
  fields: Record<string, unknown>;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function deliveredLead(row: LeadRow, manifest?: DealerManifest | null): DeliveredLead {
  const d = manifest?.dealerships?.find((x) => x.id === row.dealership_id);
  const l = manifest?.locations?.find((x) => x.id === row.location_id);
  return {
    lead_id: row.id,
    dealer: row.dealer_slug,
    dealership: row.dealership_id === null ? null : { id: row.dealership_id, slug: d?.slug ?? null, name: d?.name ?? null },
    location: row.location_id === null ? null : { id: row.location_id, slug: l?.slug ?? null, name: l?.name ?? null },
    category: row.category,
    subcategory: row.subcategory,
    lead_status: row.status,
    form_completed: row.form_completed,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    fields: row.payload,
  };
}
