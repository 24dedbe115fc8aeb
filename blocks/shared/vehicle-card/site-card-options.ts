import type { DealerManifest } from "@/runtime/generated/types";
import { isEnabled } from "@/runtime/flags";
import type { CardOptions } from "./card-model";

/**
 * The vehicle cards a block shows outside search (a model's stock, similar cars), as the site's
 * wording and features set them: finance, quote requests, subscription prices, fuel tags and
 * favourites; no view counts. `nowMs`: the request's time (the same on the server and in the browser).
 */
export function siteCardOptions(manifest: Pick<DealerManifest, "features" | "wording">, nowMs: number): CardOptions {
  return {
    wording: manifest.wording ?? {},
    finance: isEnabled(manifest, "finance"),
    quoteRequests: isEnabled(manifest, "youxQuote"),
    subscription: isEnabled(manifest, "subscription"),
    fuelTags: isEnabled(manifest, "fuelTags"),
    favourites: isEnabled(manifest, "favourites"),
    nowMs,
    showViews: false,
  };
}
