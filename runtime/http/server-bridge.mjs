// What the app tells the production server (scripts/server.mjs) when it starts: which hosts it
// serves and which inline scripts the platform itself writes. The server answers some requests
// before Next (pictures added to public/ after the start) and reads every HTML document after
// it (document-pass.mjs), but the manifests and the blocks live in the app's module graph, which
// plain node cannot load; instrumentation.ts registers them here when the server starts.
// Kept on globalThis because Next loads instrumentation and the server in separate module graphs
// of one process (as runtime/lifecycle/shutdown.mjs).
//
// Until the app has registered, nothing counts: no host is known and no platform script is
// allowed (a request cannot arrive earlier: the server listens after Next is prepared).
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { createHash } from "node:crypto";

const KEY = Symbol.for("dealer-platform.server-bridge");

/**
 * What a request looks like to the app's page key (plain values: the server has no NextRequest).
 * @typedef {{ method: string, url: string, host: string | null, headers: Record<string, string | string[] | undefined> }} PageRequest
 * @typedef {{ key: string, slug: string, meta: string }} PageKey
 * @typedef {import("./warm-up.mjs").WarmUpRequest} WarmUpRequest
 */

/**
 * @returns {{
 *   hostCheck: null | ((host: string) => boolean), scriptHashes: Set<string>, version: number,
 *   pageKey: null | ((request: PageRequest) => PageKey | null), forgetPages: null | ((slug: string, everywhere: boolean) => void),
 *   warmUp: null | (() => WarmUpRequest[])
 * }}
 */
function bridge() {
  const g = /** @type {any} */ (globalThis);
  return (g[KEY] ??= { hostCheck: null, scriptHashes: new Set(), version: 0, pageKey: null, forgetPages: null, warmUp: null });
}

/** The SHA-256 of a script's text as a Content-Security-Policy hash source reads it (base64). @param {string} text */
export function scriptHash(text) {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/**
 * Sets the check for the hosts this deployment serves (a dealer's site, the directory).
 * @param {(host: string) => boolean} check
 */
export function setHostCheck(check) {
  bridge().hostCheck = check;
}

/** Whether the app serves this host; false before the app registered its check. @param {string | undefined} host */
export function isKnownHost(host) {
  const check = bridge().hostCheck;
  if (!check || !host) return false;
  try {
    return check(host) === true;
  } catch {
    return false;
  }
}

/**
 * Allows inline scripts by their source text: constants of the platform's own code (the blocks'
 * pre-hydration scripts), hashed once when the server starts.
 * @param {readonly string[]} sources
 */
export function allowInlineScripts(sources) {
  for (const s of sources) bridge().scriptHashes.add(scriptHash(s));
  bridge().version += 1;
}

/**
 * Changes whenever scripts are allowed: the document pass keys what it remembers by it, so a page
 * read before the app registered its scripts (Next may answer a first request while
 * instrumentation.ts still runs) is read again once it has.
 */
export function platformScriptsVersion() {
  return bridge().version;
}

/** The hashes of the platform's own inline scripts registered so far. @returns {ReadonlySet<string>} */
export function platformScriptHashes() {
  return bridge().scriptHashes;
}

/**
 * Sets how the server finds a request's cached-page key: the internal path proxy.ts would rewrite
 * it to, with what else a stored page must match (runtime/proxy/served-key.ts). Until it is
 * set no request is answered from the server's page store.
 * @param {(request: PageRequest) => PageKey | null} keyOf
 */
export function setPageKey(keyOf) {
  bridge().pageKey = keyOf;
}

/** The cached-page key of a request, or null (not a cached page, or the app has not registered). @param {PageRequest} request */
export function pageKeyOf(request) {
  const keyOf = bridge().pageKey;
  if (!keyOf) return null;
  try {
    return keyOf(request);
  } catch {
    return null;
  }
}

/** Sets what forgets a dealer's stored pages (the server's page store). @param {(slug: string, everywhere: boolean) => void} forget */
export function setPageForget(forget) {
  bridge().forgetPages = forget;
}

/**
 * Forgets a dealer's pages in the server's page store (a cache tag of that dealer was expired),
 * and in the store every process shares unless `everywhere` is false (a relayed expiry).
 * @param {string} slug
 * @param {boolean} [everywhere]
 */
export function forgetServedPages(slug, everywhere = true) {
  bridge().forgetPages?.(slug, everywhere);
}

/**
 * Sets which requests the server sends itself before it says ready (warm-up.mjs): the app knows
 * its dealers' hosts. @param {() => WarmUpRequest[]} list
 */
export function setWarmUpRequests(list) {
  bridge().warmUp = list;
}

/** The warm-up requests the app registered (none before it has). @returns {WarmUpRequest[]} */
export function warmUpRequests() {
  return bridge().warmUp?.() ?? [];
}
