/**
 * Returns the href when it is safe to put in a link from dealer or shopper text: a site path,
 * an anchor, or an https/http/mailto/tel/sms URL. Anything else (javascript:, data:, protocol-
 * relative //evil.example) gives null.
 */
export function safeHref(href: string | undefined | null): string | null {
  if (!href) return null;
  const h = href.trim();
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would become "//evil.example".
  if (/[\u0000-\u001f\u007f]/.test(h)) return null;
  if (h.startsWith("//") || h.startsWith("/\\")) return null;
  if (h.startsWith("/") || h.startsWith("#")) return h;
  if (/^(https?:\/\/|mailto:|tel:|sms:)/i.test(h)) return h;
  return null;
}

/** A redirect target from a query parameter: only a path on this site (never another origin). */
export function safeRedirectPath(target: string | undefined | null, fallback = "/"): string {
  if (!target || /[\u0000-\u001f\u007f]/.test(target) || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
