/**
 * Migration 3 → 4: finance providers lose their typed comparison rate.
 *
 * Version 3 let a provider state a `comparisonRate` next to its `defaultRate`, and pages showed it
 * as the benchmark comparison rate. A typed figure drifts from the rate and fees it claims to sum
 * up (a 6.99% loan with no fees was advertised at 7.45%, where the regulation's figure is 6.99%).
 * From version 4 a comparison rate is always computed from the provider's rate and fees, so the
 * field goes. Nothing else about the provider changes; a provider list that is not a list, or an
 * entry that is not an object, is left for validation to report.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export function migrateDropTypedComparisonRates(manifest: Json): Json {
  const out = structuredClone(manifest);
  const providers = isObject(out.finance) ? out.finance.providers : undefined;
  if (!Array.isArray(providers)) return out;
  for (const provider of providers) if (isObject(provider)) delete provider.comparisonRate;
  return out;
}
