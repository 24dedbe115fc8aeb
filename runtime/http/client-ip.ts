import { createHash } from "node:crypto";

/**
 * The client's address for rate limits and per-visitor counts. The production server
 * (runtime/http/forwarded.mjs) sets X-Forwarded-For to the one address it trusts: the connecting
 * peer, or what trusted proxies (TRUST_PROXY) reported. The last entry is taken in case a
 * request reaches this code by another way (it is the one added by the nearest proxy).
 */
export function clientIp(headers: Headers): string {
  const xff = headers.get("x-forwarded-for");
  if (xff) {
    const parts = xff
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length) return parts[parts.length - 1].slice(0, 64);
  }
  return headers.get("x-real-ip")?.trim().slice(0, 64) || "unknown";
}

/**
 * A visitor, for counting a view or a phone reveal once per visitor, car and day: a hash of the
 * client address and browser (user agent), so no address is stored. Not an identity: visitors
 * behind one address with one browser count once, which is the point against inflation.
 */
export function visitorId(headers: Headers): string {
  return createHash("sha256")
    .update(`${clientIp(headers)}\n${(headers.get("user-agent") ?? "").slice(0, 512)}`)
    .digest("base64url")
    .slice(0, 32);
}
