/**
 * Binds a lead to the dealer whose host received it: the dealership and location it names must
 * be the tenant manifest's own (a dealership or location of another dealer is a 400 naming the
 * field). On the final step a lead must end up with a dealership: the only location or the only
 * dealership is chosen automatically, otherwise '*Please select a dealership location'.
 */
import "server-only";
import type { DealerManifest } from "../generated/types";
import type { Lead } from "../generated/types";
import { fieldMessage } from "./messages";
import type { FieldError } from "@/runtime/field-error";

export interface Binding {
  dealership_id: number | null;
  dealership_slug: string | null;
  dealership_name: string | null;
  location_id: number | null;
}

export type BindingResult = { ok: true; binding: Binding } | { ok: false; errors: FieldError[] };

function toId(v: unknown): number | null {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v === "string" && /^[0-9]{1,10}$/.test(v)) return Number(v);
  return null;
}

export function bindToDealer(lead: Partial<Lead>, manifest: DealerManifest, final: boolean): BindingResult {
  const dealerships = manifest.dealerships ?? [];
  const locations = manifest.locations ?? [];
  const errors: FieldError[] = [];
  const fail = (field: string) => errors.push({ field, message: fieldMessage(field) });

  let location = null as (typeof locations)[number] | null;
  if (lead.location_id !== undefined) {
    const id = toId(lead.location_id);
    location = locations.find((l) => l.id === id) ?? null;
    if (!location) fail("location_id");
  }
  let dealership = null as (typeof dealerships)[number] | null;
  if (lead.dealership_id !== undefined) {
    const id = toId(lead.dealership_id);
    dealership = dealerships.find((d) => d.id === id) ?? null;
    if (!dealership) fail("dealership_id");
  }
  if (lead.dealership_slug !== undefined) {
    const bySlug = dealerships.find((d) => d.slug === lead.dealership_slug) ?? null;
    if (!bySlug || (dealership && bySlug.id !== dealership.id)) fail("dealership_slug");
    else dealership = bySlug;
  }
  if (errors.length) return { ok: false, errors };
  if (location && dealership && location.dealership_id !== dealership.id)
    return { ok: false, errors: [{ field: "location_id", message: fieldMessage("location_id") }] };

  if (!dealership && location) dealership = dealerships.find((d) => d.id === location!.dealership_id) ?? null;
  if (dealership && !location) {
    const own = locations.filter((l) => l.dealership_id === dealership!.id);
    if (own.length === 1) location = own[0];
  }
  if (!dealership && !location && final) {
    if (locations.length === 1) {
      location = locations[0];
      dealership = dealerships.find((d) => d.id === location!.dealership_id) ?? null;
    } else if (dealerships.length === 1) {
      dealership = dealerships[0];
    } else {
      return { ok: false, errors: [{ field: "location_id", message: fieldMessage("location_id") }] };
    }
  }
  return {
    ok: true,
    binding: {
      dealership_id: dealership?.id ?? null,
      dealership_slug: dealership?.slug ?? null,
      dealership_name: dealership?.name ?? null,
      location_id: location?.id ?? null,
    },
  };
}
