// The server's warm-up: before /readyz says ready, scripts/server.mjs sends itself, over loopback,
// one request of each kind whose first answer loads code and data on first use (a dealer's page
// through the cached-page route: its blocks, loaders and React's server render; an API route
// through the API boundary). Next's preload (preload-routes.mjs) only requires the route modules;
// what runs on a first request still held the event loop for about a second, in front of a
// shopper. The requests change nothing a shopper could see: HEAD for pages (the page store keeps
// only what a GET renders), GETs of answers that count nothing and take no rate-limit point.
// Which requests is the app's to say (it knows the dealers): instrumentation.ts registers them on
// the server bridge (server-bridge.mjs `setWarmUpRequests`).
//
// Held requests: until the process is ready the server holds every request but its health checks;
// a warm-up request carries this process's own random token in WARM_UP_HEADER and comes from a
// loopback address, and only such a request is served before ready.
//
// Plain JavaScript because scripts/server.mjs loads it with node directly.
import http from "node:http";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { setReady, waitFor, whenReady } from "../fleet/readiness.mjs";

/** The readiness condition the warm-up holds until its requests are answered. */
export const READY_WARM_UP = "warm-up";

/** The header a warm-up request carries its process's token in. */
export const WARM_UP_HEADER = "x-platform-warm-up";

/** A fresh token: only this process's own warm-up knows it. */
export const warmUpToken = () => randomBytes(24).toString("base64url");

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether a request is this process's warm-up (its token, from a loopback address).
 * @param {import("node:http").IncomingMessage} req
 * @param {string} token
 */
export function isWarmUpRequest(req, token) {
  const sent = req.headers[WARM_UP_HEADER];
  if (typeof sent !== "string" || !LOOPBACK.has(req.socket.remoteAddress ?? "")) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a request is this process's warm-up, with the warm-up header taken off any request that
 * is not: the app may then take the header's presence as the warm-up's word (the directory leaves
 * out its per-dealer checks for it), and no client can set it to change a page.
 * @param {import("node:http").IncomingMessage} req
 * @param {string} token
 */
export function ownWarmUp(req, token) {
  if (req.headers[WARM_UP_HEADER] === undefined) return false;
  if (isWarmUpRequest(req, token)) return true;
  delete req.headers[WARM_UP_HEADER];
  return false;
}

/**
 * @typedef {{ method: "GET" | "HEAD", host: string, path: string }} WarmUpRequest
 * @typedef {WarmUpRequest & { status: number | null, ms: number, error?: string }} WarmUpResult
 */

/**
 * Sends one request to the server on `port` (loopback) and reads its answer to the end.
 * @param {number} port @param {string} token @param {WarmUpRequest} r
 * @returns {Promise<WarmUpResult>}
 */
function send(port, token, r) {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (/** @type {number | null} */ status, /** @type {string | undefined} */ error) =>
      resolve({ ...r, status, ms: Math.round(performance.now() - started), ...(error ? { error } : {}) });
    const req = http.request({ host: "127.0.0.1", port, method: r.method, path: r.path, headers: { host: r.host, [WARM_UP_HEADER]: token } }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? null));
      res.on("error", (e) => done(res.statusCode ?? null, e.message));
    });
    req.on("error", (e) => done(null, e.message));
    req.end();
  });
}

/**
 * Registers the warm-up as a readiness condition, then, once every other condition is met (the
 * app has loaded what it serves), sends the requests one at a time and marks it met, whatever
 * they answered: a warm-up that fails leaves the first requests slower, never the process unready.
 * @param {{ port: number, token: string, requests: () => WarmUpRequest[], log?: (results: WarmUpResult[]) => void }} options
 * @returns {Promise<WarmUpResult[]>}
 */
export async function warmUpBeforeReady({ port, token, requests, log }) {
  waitFor(READY_WARM_UP);
  await whenReady([READY_WARM_UP]);
  /** @type {WarmUpResult[]} */
  const results = [];
  let list = [];
  try {
    list = requests();
  } catch (error) {
    results.push({ method: "GET", host: "-", path: "-", status: null, ms: 0, error: error instanceof Error ? error.message : String(error) });
  }
  for (const r of list) results.push(await send(port, token, r));
  log?.(results);
  setReady(READY_WARM_UP);
  return results;
}
