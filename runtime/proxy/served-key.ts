import { platformScriptsVersion, type PageKey, type PageRequest } from "@/runtime/http/server-bridge.mjs";
import { hostPort } from "@/runtime/http/origin";
import { runGates } from "./run";
import { LRUCache } from "lru-cache";
import { getSiteStore, type SiteStore } from "@/runtime/manifest/store";
import { resolveTenant } from "@/runtime/tenant";
import { INTERNAL_SEGMENT } from "@/runtime/page-cache/internal-path";

/**
 * The key under which the production server stores a cached page in its final form
 * (runtime/page-cache/served-pages.mjs), for a request as the server sees it: the internal path
 * proxy.ts rewrites it to, found by running the proxy's own gates (runtime/proxy/gates.ts) on the
 * same host, path and headers, so the server and Next can never disagree on which page a request
 * gets. Null for anything the proxy would not rewrite to the cached route (other pages, previews,
 * unknown hosts, a query string).
 *
 * `meta` is what else a stored page must match: the headers the proxy hands the server for this
 * request (the dealer's CSP sources, whether the page paints first) and whether the request came
 * over https (the HSTS header), and the version of the platform scripts the CSP allows. A
 * manifest or stock change that alters the policy changes it even when the key would not.
 */
export function servedPageKey(request: PageRequest): PageKey | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  // What the decision reads of a live dealer's request: host, protocol and path (GET and HEAD alike).
  const id = `${String(request.headers["x-forwarded-host"] ?? "")}\n${request.host ?? ""}\n${String(request.headers["x-forwarded-proto"] ?? "")}\n${request.url}`;
  const store = getSiteStore();
  const scripts = platformScriptsVersion();
  const now = Date.now();
  const known = recent.get(id);
  if (known && known.store === store && known.scripts === scripts && now - known.at < KEY_REUSE_MS) return known.key;
  const key = decide(request);
  recent.set(id, { key, store, scripts, at: now });
  return key;
}

/**
 * How long a request's key is reused for the same host, protocol and path. Within one manifest
 * snapshot (a new one is a new key at once) the key can change only with the stock version and
 * a car's hold, which the proxy itself learns from the database every 2 s; reusing it for a
 * second saves the route match and the CSP sources on every hit.
 */
const KEY_REUSE_MS = 1000;
const recent = new LRUCache<string, { key: PageKey | null; store: SiteStore; scripts: number; at: number }>({ max: 5000 });

function decide(request: PageRequest): PageKey | null {
  let url: URL;
  try {
    url = new URL(request.url, "http://server.invalid");
  } catch {
    return null;
  }
  if (url.search) return null;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const host = headers.get("x-forwarded-host") ?? request.host;
  const tenant = resolveTenant(host);
  if (tenant.kind !== "site") return null;
  const decision = runGates({
    request: { method: request.method, pathname: url.pathname, search: "", url: url.href, headers },
    host,
    port: hostPort(host),
    tenant,
  });
  if (decision.kind !== "rewrite" || !decision.target.startsWith(`/${INTERNAL_SEGMENT}/`)) return null;
  const https = headers.get("x-forwarded-proto") === "https";
  const proxyHeaders = Object.entries(decision.headers).sort(([a], [b]) => (a < b ? -1 : 1));
  return { key: decision.target, slug: tenant.slug, meta: JSON.stringify([https, platformScriptsVersion(), proxyHeaders]) };
}
