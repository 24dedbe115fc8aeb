// Security headers on every response (scripts/server.mjs).
//
// The Content-Security-Policy allows scripts from this origin and inline scripts by their
// SHA-256 hash only: no 'unsafe-inline', no 'unsafe-eval' (the validators are ajv standalone code
// and nothing else compiles code at run time). The hashes are of the scripts the platform and Next
// wrote, never of every script in the page: constants known before any page is rendered (the
// blocks' pre-hydration scripts, Turbopack's chunk bootstrap, the after-paint loader), the loader
// calls the server writes itself, and Next's flight payload, which the one pass over the document
// proves by its form and its place (document-pass.mjs). An inline script injected into the page
// is not listed, so the browser refuses it; JSON-LD is data and gets no hash. Hashes rather than
// nonces because the vehicle page is served from Next's cache as finished HTML: its hashes are
// computed once with the page, where a nonce would mean rewriting every hit.
//
// Per dealer (proxy.ts, the DEALER_CSP_HEADER): Google Maps origins only when a Maps key is
// configured, the manifest's third-party script origins and `security.allowedOrigins` (e.g.
// https://js.stripe.com), and frame-ancestors from `security.frameAncestors` ('none' by default).
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
/** Response header by which proxy.ts hands the dealer's CSP sources to the server (taken off before the response leaves). */
export const DEALER_CSP_HEADER = "x-dealer-csp";

/** HSTS over https: two years, subdomains included (the dealer hosts are whole sites of their own). */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Features the site never uses are off; geolocation and payment stay with the site itself (and Stripe's frames). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(self "https://js.stripe.com"), usb=(), xr-spatial-tracking=()';

/** Google Maps JavaScript API origins (Google's CSP guide for the Maps JavaScript API). */
export const GOOGLE_MAPS_SOURCES = {
  script: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.ggpht.com", "https://*.googleusercontent.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com"],
  img: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com"],
  frame: ["https://*.google.com"],
  font: ["https://fonts.gstatic.com"],
  style: ["https://fonts.googleapis.com"],
  worker: ["blob:"],
};

/**
 * imgHosts, when present, lists every host the dealer's pictures may come from (its manifest's and
 * its stock's), and replaces the `https:` that otherwise allows a picture from anywhere.
 * @typedef {{ script?: string[], connect?: string[], img?: string[], imgHosts?: string[], frame?: string[], font?: string[], style?: string[], worker?: string[], ancestors?: string[] }} DealerSources
 */

// A source expression we accept from a manifest: https origin (host wildcards allowed), or blob:.
// Plain http only for localhost and the preview hosts (*.preview.localhost): the studio frames its
// preview and the preview lets the studio frame it; a manifest cannot reach those.
const SOURCE = /^(?:https:\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?|http:\/\/(?:localhost|\*\.preview\.localhost)(?::\d{1,5})?|blob:)$/;

/** @param {unknown} list */
function sources(list) {
  return Array.isArray(list) ? list.filter((s) => typeof s === "string" && SOURCE.test(s)) : [];
}

/**
 * The dealer's sources as sent in DEALER_CSP_HEADER (JSON), read defensively: anything not a
 * plain https origin is dropped.
 * @param {string | undefined | null} header
 * @returns {DealerSources}
 */
export function parseDealerSources(header) {
  if (!header) return {};
  try {
    const v = JSON.parse(header);
    if (!v || typeof v !== "object") return {};
    /** @type {DealerSources} */
    const out = {};
    for (const key of /** @type {const} */ (["script", "connect", "img", "frame", "font", "style", "worker", "ancestors"])) {
      const list = sources(v[key]);
      if (list.length) out[key] = list;
    }
    // An empty list is meaningful here: the dealer's pictures come from this origin only.
    if (Array.isArray(v.imgHosts)) out.imgHosts = sources(v.imgHosts);
    return out;
  } catch {
    return {};
  }
}

/**
 * The Content-Security-Policy for an HTML document.
 * @param {{ scriptHashes?: string[], dealer?: DealerSources }} [options]
 */
export function contentSecurityPolicy(options = {}) {
  const d = options.dealer ?? {};
  const hashes = [...new Set(options.scriptHashes ?? [])].map((h) => `'sha256-${h}'`);
  const join = (/** @type {string[]} */ ...lists) => [...new Set(lists.flat())].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${join(["'self'"], hashes, d.script ?? [])}`,
    // React writes style attributes and the theme a <style> element per dealer: styles stay
    // inline-capable (no script runs from a style). Not narrowed to hashes: attributes need
    // 'unsafe-inline' whatever the elements get, the print view and the studio write <style>
    // elements of their own, and the Maps script injects its styles at run time.
    `style-src ${join(["'self'", "'unsafe-inline'"], d.style ?? [])}`,
    // Dealer pictures (logos, banners, stock photos): from the hosts the dealer's manifest and
    // stock name when the proxy could list them (imgHosts), else from any https host.
    `img-src ${join(["'self'", "data:", "blob:"], d.imgHosts ?? ["https:"], d.img ?? [])}`,
    `font-src ${join(["'self'", "data:"], d.font ?? [])}`,
    `connect-src ${join(["'self'"], d.connect ?? [])}`,
    `media-src 'self' https:`,
    // Vehicle videos are YouTube embeds (blocks/shared/vehicle-page/domain/video.ts).
    `frame-src ${join(["'self'", "https://www.youtube-nocookie.com", "https://www.youtube.com"], d.frame ?? [])}`,
    `worker-src ${join(["'self'"], d.worker ?? [])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${d.ancestors?.length ? d.ancestors.join(" ") : "'none'"}`,
  ];
  return directives.join("; ");
}

/** The policy for anything that is not an HTML document (JSON, images, PDFs, text). */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers every response carries (the CSP is set separately).
 * @param {boolean} https
 * @param {boolean} framable whether the dealer lets other sites frame its pages
 * @returns {Record<string, string>}
 */
export function baseSecurityHeaders(https, framable) {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    // Older browsers that ignore frame-ancestors.
    ...(framable ? {} : { "x-frame-options": "DENY" }),
    ...(https ? { "strict-transport-security": HSTS } : {}),
  };
}
