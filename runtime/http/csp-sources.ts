/**
 * A dealer's additions to the Content-Security-Policy (runtime/http/security-headers.mjs), from
 * its manifest: Google Maps origins only when a Maps key is configured (on the site, a location,
 * or GOOGLE_MAPS_API_KEY), the origins of its third-party `scripts`, `security.allowedOrigins`
 * (e.g. https://js.stripe.com: scripts, frames and connections), Algolia's hosts when the
 * dealer's browser searches go to Algolia, Stripe's when its reservations use Stripe, and
 * `security.frameAncestors`; and the hosts its pictures may come from (img-src): the origins of
 * the https URLs in its manifest and those the stock's photos come from, when both are known and
 * few (otherwise any https picture, as before).
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
  // Stripe.js's own pictures and the card checks' (3-D Secure) pages.
  img: ["https://*.stripe.com"],
};

/** Algolia's hosts, for a dealer whose browser searches go to Algolia (search.engine "algolia"). */
export const ALGOLIA_SOURCES = ["https://*.algolia.net", "https://*.algolianet.com", "https://*.algolia.io"];

/** More picture hosts than this and the policy allows any https picture rather than list them. */
export const MAX_IMAGE_HOSTS = 64;

/** The origins of every https URL in a manifest (its pictures among them), or null past MAX_IMAGE_HOSTS. */
export function manifestHttpsOrigins(value: unknown, out = new Set<string>()): Set<string> | null {
  if (typeof value === "string") {
    const o = value.startsWith("https://") ? originOf(value) : null;
    if (o) out.add(o);
  } else if (Array.isArray(value)) {
    for (const v of value) if (!manifestHttpsOrigins(v, out)) return null;
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) if (!manifestHttpsOrigins(v, out)) return null;
  }
  return out.size > MAX_IMAGE_HOSTS ? null : out;
}

/**
 * The https origins a manifest names, once per manifest snapshot: every dealer page's CSP asks, and
 * a snapshot never changes (an edit makes a new one), so the walk over it is not redone per request.
 */
const pictureOriginsOf = new WeakMap<object, Set<string> | null>();
function manifestPictureOrigins(manifest: object): Set<string> | null {
  if (!pictureOriginsOf.has(manifest)) pictureOriginsOf.set(manifest, manifestHttpsOrigins(manifest));
  return pictureOriginsOf.get(manifest)!;
}

/**
 * @param stockImageOrigins the hosts the served stock's photos come from
 * (runtime/inventory/stock-version.ts servedImageOrigins), null when unknown
 */
export function dealerCspSources(
  manifest: Pick<DealerManifest, "maps" | "locations" | "scripts" | "security" | "search"> & { reservations?: { gateway?: string } },
  env: Record<string, string | undefined> = process.env,
  stockImageOrigins: readonly string[] | null = null,
): DealerSources {
  const out: Required<Omit<DealerSources, "imgHosts">> = { script: [], connect: [], img: [], frame: [], font: [], style: [], worker: [], ancestors: [] };
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
    out.img.push(o);
    out.frame.push(o);
    out.connect.push(o);
  }
  out.ancestors.push(...(manifest.security?.frameAncestors ?? []));
  const result: DealerSources = {};
  for (const [k, list] of Object.entries(out) as [keyof typeof out, string[]][]) if (list.length) result[k] = [...new Set(list)];
  // A dealer's third-party scripts (analytics, chat) send beacons and show pictures from hosts
  // nobody lists: their pages keep allowing any https picture.
  const pictures = stockImageOrigins && !manifest.scripts?.length ? manifestPictureOrigins(manifest) : null;
  if (pictures && stockImageOrigins && pictures.size + stockImageOrigins.length <= MAX_IMAGE_HOSTS)
    result.imgHosts = [...new Set([...pictures, ...stockImageOrigins])].sort();
  return result;
}
