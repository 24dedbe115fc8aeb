/**
 * A dealer's stock feed profile (the manifest's `stockFeed` section) with the schema's defaults
 * filled in. A loaded manifest already has them; a profile built by hand (the header guesser's
 * proposal, a test) gets the same values here, from the same schema.
 */
import type { ResolvedStockFeed, StockFeed } from "@/runtime/generated/types";
import { validateStockFeed } from "@/runtime/generated/validate-stock-feed.js";

/** The profile with every default; throws with the first schema problem when it is not valid. */
export function resolveStockFeed(section: StockFeed): ResolvedStockFeed {
  const copy = structuredClone(section);
  if (!validateStockFeed(copy)) {
    const e = validateStockFeed.errors?.[0];
    throw new Error(`stock feed profile: ${e ? `${e.instancePath || "/"} ${e.message}` : "invalid"}`);
  }
  return copy as ResolvedStockFeed;
}
