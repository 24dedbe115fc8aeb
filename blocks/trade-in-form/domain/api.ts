import { lookupMessage, type ValuationView } from "./state";
import type { FieldError } from "@/runtime/field-error";

/** A found car, or null; and what the lookup says. */
export interface RegoAnswer {
  vehicle: { make: string; model: string; year: number } | null;
  message: string;
}

/** Look a rego up (POST /api/valuation "rego"); an unreachable service says so rather than failing. */
export async function lookUpRego(doFetch: typeof fetch, rego: string, regoState: string): Promise<RegoAnswer> {
  try {
    const res = await doFetch("/api/valuation", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "rego", rego, regoState }),
    });
    const data = (await res.json()) as { vehicle?: { make: string; model: string; year: number } | null; message?: string };
    return { vehicle: res.ok && data.vehicle ? data.vehicle : null, message: lookupMessage({ ok: res.ok, ...data }) };
  } catch {
    return { vehicle: null, message: lookupMessage("unavailable") };
  }
}

/**
 * One valuation request (POST /api/valuation): the stored valuation when it succeeds, the fields
 * at fault when the request is refused (400), and neither when the service cannot answer.
 */
export async function postValuation(doFetch: typeof fetch, body: Record<string, unknown>): Promise<{ valuation: ValuationView | null; errors: FieldError[] }> {
  try {
    const res = await doFetch("/api/valuation", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = (await res.json()) as { valuation?: ValuationView; errors?: FieldError[] };
    return { valuation: res.ok && data.valuation ? data.valuation : null, errors: res.status === 400 && Array.isArray(data.errors) ? data.errors : [] };
  } catch {
    return { valuation: null, errors: [] };
  }
}
