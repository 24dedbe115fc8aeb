// Puts the security headers (security-headers.mjs) on a Node response. An HTML document is held
// until it ends so its Content-Security-Policy can list the hash of every inline script in it;
// anything else passes through with the strict non-document policy.
//
// scripts/server.mjs installs it below the after-paint rewrite (document-response.mjs), so it
// hashes the scripts as they finally leave, and above compression, so it sees plain text.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  DEALER_CSP_HEADER,
  inlineScriptHashes,
  NON_DOCUMENT_CSP,
  parseDealerSources,
} from "./security-headers.mjs";

/**
 * @param {unknown} chunk
 * @param {BufferEncoding | undefined} encoding
 * @returns {Buffer}
 */
function toBuffer(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.from(chunk, encoding ?? "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  if (ArrayBuffer.isView(chunk)) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}

// A built script or stylesheet (content-hashed, cached for a year) needs only nosniff: the other
// headers act on documents (CSP, frame and permissions policies) or repeat the browser's default
// (referrer policy), and on a page's ten or so chunks they came to about 0.4 KiB each, counted
// against the page's script budget (docs/performance.md). Other files keep them all: an SVG or a
// JSON opened as a document is where the strict non-document policy earns its place.
const BUILT_ASSET_PATH = /^\/_next\/static\//;
const SCRIPT_OR_STYLESHEET = /^(?:text|application)\/(?:javascript|css)\b/i;

/**
 * @param {import("node:http").ServerResponse} res
 * @param {{ https: boolean, path?: string }} options
 */
export function secureResponse(res, options) {
  const r = /** @type {any} */ (res);
  const writeHead = r.writeHead;
  const write = r.write;
  const end = r.end;
  const flush = r.flush;
  /** @type {undefined | "html" | "pass"} */
  let mode;
  /** @type {import("./security-headers.mjs").DealerSources} */
  let dealer = {};
  /** @type {null | any[]} */
  let head = null;
  /** @type {Buffer[]} */
  const chunks = [];
  let finishing = false;

  const decide = () => {
    if (mode) return mode;
    const raw = res.getHeader(DEALER_CSP_HEADER);
    dealer = parseDealerSources(typeof raw === "string" ? raw : undefined);
    res.removeHeader(DEALER_CSP_HEADER);
    const type = String(res.getHeader("content-type") ?? "");
    if (BUILT_ASSET_PATH.test(options.path ?? "") && SCRIPT_OR_STYLESHEET.test(type) && res.statusCode !== 304) {
      if (!res.hasHeader("x-content-type-options")) res.setHeader("x-content-type-options", "nosniff");
      return (mode = "pass");
    }
    for (const [k, v] of Object.entries(baseSecurityHeaders(options.https, Boolean(dealer.ancestors?.length)))) if (!res.hasHeader(k)) res.setHeader(k, v);
    // A 304 carries no body, and its headers replace the stored response's: a policy here would
    // overwrite the cached page's (its script hashes) and block every script on a reload.
    if (res.statusCode === 304) return (mode = "pass");
    if (/^text\/html\b/i.test(type)) {
      res.removeHeader("content-length");
      return (mode = "html");
    }
    if (!res.hasHeader("content-security-policy")) res.setHeader("content-security-policy", NON_DOCUMENT_CSP);
    return (mode = "pass");
  };

  r.writeHead = function (/** @type {any[]} */ ...args) {
    // Headers handed to writeHead are applied first, so the decision sees the content type.
    const last = args[args.length - 1];
    if (args.length > 1 && last && typeof last === "object" && !Array.isArray(last)) {
      for (const [k, v] of Object.entries(last)) if (v !== undefined) res.setHeader(k, v);
      args = args.slice(0, -1);
    }
    if (typeof args[0] === "number") res.statusCode = args[0];
    if (decide() === "pass" || finishing) return writeHead.apply(this, args);
    head = args;
    return this;
  };
  r.flush = function () {
    if (mode === "html") return;
    return flush?.apply(this, arguments);
  };
  r.write = function (/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) {
    if (decide() === "pass") return write.call(this, chunk, encoding, cb);
    if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    if (typeof cb === "function") process.nextTick(cb);
    return true;
  };
  r.end = function (/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) {
    if (typeof chunk === "function") [chunk, encoding, cb] = [undefined, undefined, chunk];
    if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    if (decide() === "pass") return end.call(this, chunk, encoding, cb);
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    res.setHeader("content-security-policy", contentSecurityPolicy({ scriptHashes: inlineScriptHashes(body.toString("utf8")), dealer }));
    finishing = true;
    writeHead.apply(this, head ?? [res.statusCode]);
    return end.call(this, body, undefined, cb);
  };
}
