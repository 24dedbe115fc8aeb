// Clients a rate limit has just refused, answered by the server itself until their Retry-After
// passes, without Next.
//
// Why: a client that sends as fast as it is answered (bench:abuse's heavy search clients) is
// refused hundreds of times a second, and each refusal went through Next's routing, the proxy and
// the API boundary before the limiter's in-memory block said no: many short turns of the one event
// loop that every other dealer's pages wait behind. The limiter's answer does not change until its
// Retry-After has passed, so the server gives the same answer from a small table instead.
//
// Only the API boundary's own refusals are remembered (api-guard.ts marks them with
// LIMIT_REFUSAL_HEADER, which secure-response.mjs takes off before the response leaves): a route
// that limits itself (leads, sign-in codes) words its refusal its own way. The key is the request
// as the limiter sees it, narrowed: the client's address (after forwarded.mjs has read it), the
// host, the method and the path. A refusal is held for the Retry-After the client was told and no
// longer, never extended here: the limiter itself blocks a refused key for its whole window.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { LRUCache } from "lru-cache";

/** Marks a response as the API boundary's rate-limit refusal (taken off before it leaves). */
export const LIMIT_REFUSAL_HEADER = "x-limit-refusal";

/** What a client over an API's rate limit is told (the boundary's words and the server's). */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";

/**
 * How long the server waits before repeating a refusal. A client that sends as fast as it is
 * answered (bench:abuse's heavy clients, two requests in flight each) was answered about 13,000
 * times a second once refusals skipped Next, and answering them still took most of the event
 * loop; a pause makes such a client wait instead, at the cost of a timer and the client's own
 * open connection. A client under its limits never meets it.
 */
export const REFUSAL_PAUSE_MS = 1000;

/** Longest refusal kept, whatever a Retry-After says (the longest API window is 10 minutes). */
const MAX_HOLD_S = 600;

/**
 * @typedef {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} RequestLike
 */

/** @param {RequestLike} req */
function keyOf(req) {
  const path = (req.url ?? "/").split("?")[0];
  if (!path.startsWith("/api/")) return null;
  return `${req.method ?? "GET"} ${String(req.headers.host ?? "")} ${String(req.headers["x-forwarded-for"] ?? "unknown")} ${path}`;
}

/**
 * @param {{ now?: () => number, max?: number }} [options]
 */
export function refusedClients(options = {}) {
  const now = options.now ?? Date.now;
  // Bounded: a flood from many addresses evicts the oldest entries (whose requests then go to
  // the limiter as before), never grows the table.
  /** @type {LRUCache<string, number>} */
  const until = new LRUCache({ max: options.max ?? 10_000 });
  return {
    /**
     * Seconds left of a refusal this request is still under, or null to hand it on.
     * @param {RequestLike} req
     * @returns {number | null}
     */
    refusal(req) {
      const key = keyOf(req);
      const ends = key === null ? undefined : until.get(key);
      if (ends === undefined) return null;
      const left = ends - now();
      if (left <= 0) {
        until.delete(key);
        return null;
      }
      return Math.ceil(left / 1000);
    },
    /**
     * Remembers the boundary's refusal of this request for its Retry-After.
     * @param {RequestLike} req
     * @param {unknown} retryAfter the response's Retry-After header
     */
    remember(req, retryAfter) {
      const key = keyOf(req);
      const seconds = Number(retryAfter);
      if (key === null || !Number.isFinite(seconds) || seconds <= 0) return;
      until.set(key, now() + Math.min(seconds, MAX_HOLD_S) * 1000);
    },
  };
}

/**
 * Sends `answer` after REFUSAL_PAUSE_MS, unless the client has gone meanwhile, or at once when
 * `now` is true (a draining server answers everything it holds before it exits).
 * @param {import("node:http").ServerResponse} res
 * @param {() => void} answer
 * @param {{ now?: boolean, pauseMs?: number }} [options]
 */
export function answerAfterPause(res, answer, options = {}) {
  if (options.now) return answer();
  const timer = setTimeout(() => {
    if (!res.destroyed && !res.writableEnded) answer();
  }, options.pauseMs ?? REFUSAL_PAUSE_MS);
  res.once("close", () => clearTimeout(timer));
}
