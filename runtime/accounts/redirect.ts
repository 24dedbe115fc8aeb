/**
 * The `redirect` and `back` parameters of /sign-in (and anything else that sends a shopper on to a
 * path it was given) accept same-site paths only: a leading single "/", no scheme, no host, no
 * backslash or control character (browsers read "/\evil.com" and "/\tevil.com" as another host).
 * The path is normalised (dot segments resolved, odd characters percent-encoded) and the rules are
 * checked again on the result: "/..//evil.example" is a same-site path as written, but its
 * normalised form "//evil.example" is another host. Anything else gives the fallback.
 */
const ORIGIN = "http://same-site.invalid";

/** A path a browser reads as this site's own: one leading "/", never "//", no backslash or control character. */
function looksSameSite(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !/[\\\u0000-\u001f\u007f]/.test(value);
}

export function safeSitePath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!looksSameSite(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const normalised = url.pathname + url.search + url.hash;
  return looksSameSite(normalised) && normalised.length <= 2000 ? normalised : fallback;
}
