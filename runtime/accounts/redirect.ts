/**
 * The `redirect` and `back` parameters of /sign-in (and anything else that sends a shopper on to a
 * path it was given) accept same-site paths only: a leading single "/", no scheme, no host, no
 * backslash or control character (browsers read "/\evil.com" and "/\tevil.com" as another host).
 * Anything else gives the fallback.
 */
const ORIGIN = "http://same-site.invalid";

export function safeSitePath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}
