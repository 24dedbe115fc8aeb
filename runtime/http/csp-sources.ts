/**
 * A dealer's additions to the Content-Security-Policy (runtime/http/security-headers.mjs), from
 * its manifest: Google Maps origins only when a Maps key is configured (on the site, a location,
 * or GOOGLE_MAPS_API_KEY), the origins of its third-party `scripts`, `security.allowedOrigins`
 * (e.g. https://js.stripe.com: scripts, frames and connections), Algolia's hosts when the
 * dealer's browser searches go to Algolia, Stripe's when its reservations use Stripe, and
 * `security.frameAncestors`.
 * proxy.ts sends them to the server in DEALER_CSP_HEADER as JSON.
 */
import type { DealerManifest } from "../generated/types";
import { GOOGLE_MAPS_SOURCES } from "./security-headers.mjs";
import type { DealerSources } from "./security-headers.mjs";

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** Whether any Maps key is configured for the dealer (same sources as the map blocks read). */
export function hasMapsKey(manifest: Pick<DealerManifest, "maps" | "locations">, env: Record<string, string | undefined> = process.env): boolean {
  if (manifest.maps?.apiKey || env.GOOGLE_MAPS_API_KEY) return true;
  return (manifest.locations ?? []).some((l) => Boolean((l as { address?: { map_key?: string } }).address?.map_key));
}

/** Stripe.js and the frames and API it talks to, for a dealer whose reservations go through Stripe. */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/** Algolia's hosts, for a dealer whose browser searches go to Algolia (search.engine "algolia"). */
export const ALGOLIA_SOURCES = ["https://*.algolia.net", "https://*.algolianet.com", "https://*.algolia.io"];

export function dealerCspSources(
  manifest: Pick<DealerManifest, "maps" | "locations" | "scripts" | "security" | "search"> & { reservations?: { gateway?: string } },
  env: Record<string, string | undefined> = process.env,
): DealerSources {
  const out: Required<DealerSources> = { script: [], connect: [], img: [], frame: [], font: [], style: [], worker: [], ancestors: [] };
  if (hasMapsKey(manifest, env))
    for (const [k, list] of Object.entries(GOOGLE_MAPS_SOURCES) as [keyof typeof GOOGLE_MAPS_SOURCES, string[]][]) out[k].push(...list);
  const search = manifest.search as { engine?: string; algolia?: { host?: string } } | undefined;
  if (search?.engine === "algolia") {
    out.connect.push(...ALGOLIA_SOURCES);
    const custom = search.algolia?.host ? originOf(search.algolia.host.includes("://") ? search.algolia.host : `https://${search.algolia.host}`) : null;
    if (custom) out.connect.push(custom);
  }
  if (manifest.reservations?.gateway === "stripe")
    for (const [k, list] of Object.entries(STRIPE_SOURCES) as [keyof typeof STRIPE_SOURCES, string[]][]) out[k].push(...list);
  for (const s of manifest.scripts ?? []) {
    const o = originOf(s.src);
    if (o) out.script.push(o);
  }
  for (const o of manifest.security?.allowedOrigins ?? []) {
    out.script.push(o);
    out.frame.push(o);
    out.connect.push(o);
  }
  out.ancestors.push(...(manifest.security?.frameAncestors ?? []));
  const result: DealerSources = {};
  for (const [k, list] of Object.entries(out) as [keyof DealerSources, string[]][]) if (list.length) result[k] = [...new Set(list)];
  return result;
}
