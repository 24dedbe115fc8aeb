// What a request says about itself, made safe before Next sees it (scripts/server.mjs).
//
// The client address, protocol and host come from X-Forwarded-For / -Proto / -Host only when the
// peer that connected to us is a trusted proxy (TRUST_PROXY); from anyone else those headers are
// thrown away, so a client cannot pick its own rate-limit bucket, scheme or host. The host is
// then normalised (lower case, no trailing dot, no default port) and a port this server does not
// serve is refused, so the rendered-page cache's key (host with port) cannot be varied at will.
// The request path must percent-decode and hold no control characters.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import proxyaddr from "proxy-addr";

/**
 * TRUST_PROXY: who may set X-Forwarded-*. A comma-separated list of addresses, CIDR ranges and
 * proxy-addr's names: `loopback` (127.0.0.1/8, ::1/128), `linklocal`, `uniquelocal` (10/8,
 * 172.16/12, 192.168/16, fc00::/7), e.g. `TRUST_PROXY=10.0.0.0/8` behind a load balancer in a
 * private network, or `TRUST_PROXY=loopback` behind a proxy on the same machine. Empty or unset:
 * nobody (the connecting peer is the client). Each trusted hop is peeled off X-Forwarded-For from
 * the right; the first untrusted address is the client.
 * @param {string | undefined} value
 * @returns {(addr: string, i: number) => boolean}
 */
export function trustFromEnv(value) {
  const list = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return () => false;
  return proxyaddr.compile(list);
}

/** Longest path and query we read, in characters (Node already limits the whole header block to 16 KiB). */
export const MAX_URL_LENGTH = 4096;

// A DNS name (letters, digits, hyphens, dots) or an IPv4 or bracketed IPv6 literal, with an optional port.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The host as the cache key and the app will see it: lower case, trailing dot dropped, the
 * scheme's default port dropped. Null when it is malformed or names a port not in `ports`.
 * @param {string | undefined | null} raw
 * @param {"http" | "https"} proto
 * @param {ReadonlyArray<number>} ports ports this server answers on besides the default ones
 * @returns {{ host: string } | { error: "malformed" | "port" }}
 */
export function normaliseHostHeader(raw, proto, ports) {
  if (!raw || raw.length > 260) return { error: "malformed" };
  let host = raw.trim().toLowerCase();
  const m = HOST.exec(host.replace(/\.(?=:\d+$|$)/, ""));
  if (!m) return { error: "malformed" };
  host = m[0];
  if (m[1] === undefined) return { host };
  const port = Number(m[1]);
  const bare = host.slice(0, host.length - m[1].length - 1);
  if ((proto === "http" && port === 80) || (proto === "https" && port === 443)) return { host: bare };
  return ports.includes(port) ? { host } : { error: "port" };
}

/**
 * The first value of X-Forwarded-Proto when it is exactly http or https, else null.
 * @param {string | undefined} raw
 * @returns {"http" | "https" | null}
 */
export function forwardedProto(raw) {
  if (raw === undefined) return null;
  const first = raw.split(",")[0].trim().toLowerCase();
  return first === "http" || first === "https" ? first : null;
}

/**
 * Whether a request target's path percent-decodes and holds no control characters.
 * @param {string} url the request target (path and query)
 */
export function pathIsClean(url) {
  if (url.length > MAX_URL_LENGTH) return false;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  if (CONTROL.test(pathname)) return false;
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !CONTROL.test(decoded);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * @typedef {{ status: number, message: string }} Refusal
 * @typedef {{ trust: (addr: string, i: number) => boolean, ports: ReadonlyArray<number>, newId: () => string }} ForwardedOptions
 */

/**
 * Rewrites req.headers in place: `x-forwarded-for` becomes the one client address,
 * `x-forwarded-proto` http or https, `host` and `x-forwarded-host` the normalised host,
 * `x-request-id` an id of ours (or a trusted proxy's). Returns a refusal (400, 421) instead when
 * the request cannot be answered safely.
 * @param {import("node:http").IncomingMessage} req
 * @param {ForwardedOptions} options
 * @returns {Refusal | null}
 */
export function sanitiseRequest(req, options) {
  const h = req.headers;
  const peer = req.socket?.remoteAddress ?? "";
  const trusted = peer !== "" && options.trust(peer, 0);
  const fromProxy = (/** @type {string} */ name) => {
    const v = h[name];
    return trusted && typeof v === "string" ? v : undefined;
  };

  const id = fromProxy("x-request-id");
  h["x-request-id"] = id && REQUEST_ID.test(id) ? id : options.newId();

  if (!pathIsClean(req.url ?? "/")) return { status: 400, message: "The address could not be read." };

  const sentProto = fromProxy("x-forwarded-proto");
  const proto = sentProto === undefined ? (/** @type {any} */ (req.socket)?.encrypted ? "https" : "http") : forwardedProto(sentProto);
  if (!proto) return { status: 400, message: "X-Forwarded-Proto must be http or https." };

  const sentHost = fromProxy("x-forwarded-host");
  const host = normaliseHostHeader(sentHost?.split(",")[0] ?? h.host, proto, options.ports);
  if ("error" in host)
    return host.error === "port"
      ? { status: 421, message: "This server does not answer on that port." }
      : { status: 400, message: "The Host header could not be read." };

  // proxyaddr walks X-Forwarded-For from the right through trusted hops only (an untrusted peer: the peer itself).
  const client = peer === "" ? "unknown" : trusted ? proxyaddr(req, options.trust) : peer;
  h["x-forwarded-for"] = client;
  h["x-forwarded-proto"] = proto;
  h.host = host.host;
  h["x-forwarded-host"] = host.host;
  delete h["x-forwarded-port"];
  delete h["x-real-ip"];
  delete h.forwarded;
  return null;
}
