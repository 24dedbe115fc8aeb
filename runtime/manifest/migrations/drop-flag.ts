import type { MigrationContext } from "./index";

type Json = unknown;
type Obj = Record<string, Json>;
const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The flag "show cash and finance prices side by side": declared, but nothing ever read it. */
export const CASH_FINANCE_FLAG = "cashFinancePriceDisplay";

/**
 * Removes a feature flag from a manifest without changing what the site shows: the flag leaves
 * `features`, and anything placed with `"flag": <name>` (a block, route, menu item or tile) keeps
 * showing without the flag where the flag was on (the manifest's value, else its template's) and
 * is removed where it was off, since a flagged item hides while its flag is off.
 */
export function dropFeatureFlag(name: string) {
  return (manifest: Record<string, unknown>, context: MigrationContext): Record<string, unknown> => {
    const own = isObj(manifest.features) ? manifest.features[name] : undefined;
    const inherited = isObj(context.base?.features) ? (context.base.features as Obj)[name] : undefined;
    const on = (own ?? inherited) === true;
    const flagged = (v: Json) => isObj(v) && v.flag === name;
    const walk = (v: Json): Json => {
      if (Array.isArray(v)) return v.filter((item) => on || !flagged(item)).map(walk);
      if (!isObj(v)) return v;
      const out: Obj = {};
      for (const [k, child] of Object.entries(v)) {
        if (k === "flag" && child === name) continue;
        if (!on && flagged(child)) continue;
        out[k] = walk(child);
      }
      return out;
    };
    const result = walk(manifest) as Record<string, unknown>;
    if (isObj(result.features)) delete result.features[name];
    return result;
  };
}
