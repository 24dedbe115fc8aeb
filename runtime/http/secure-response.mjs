// Puts the security headers (security-headers.mjs) on a Node response. An HTML document is held
// until it ends, then passed over once (document-pass.mjs): its Content-Security-Policy lists the
// hash of every inline script in it, and a page the app marked as painting first
// (PAINT_FIRST_HEADER, set by proxy.ts) has its framework scripts turned into after-paint loader
// calls. Anything else passes through with the strict non-document policy.
//
// Why the document is held rather than streamed: the policy is a header and must leave before the
// first byte of the body, yet it names every inline script, the last of which comes at the end of
// the document (Next's payload scripts). A page is rendered whole anyway (no streamed Suspense
// boundaries, docs/architecture.md), and a cached page arrives as one buffer, so holding it costs
// no time to first byte that rendering had not already spent.
//
// scripts/server.mjs installs it above compression (the compression middleware first, then this),
// so it sees plain text; Next's own compression is off (next.config.ts `compress: false`).
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { baseSecurityHeaders, contentSecurityPolicy, DEALER_CSP_HEADER, NON_DOCUMENT_CSP, parseDealerSources } from "./security-headers.mjs";
import { PAINT_FIRST_HEADER } from "./after-paint-scripts.mjs";
import { LIMIT_REFUSAL_HEADER } from "./refused-clients.mjs";
import { processDocument } from "./document-pass.mjs";
import { documentStatus } from "./not-found-status.mjs";

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
/** The response header in which Next's router gives the path a request was rewritten to. */
export const INTERNAL_REWRITE_HEADER = "x-middleware-rewrite";

/**
 * The header in which Next tells its client router, on an RSC (client navigation or prefetch)
 * answer only, the path the page was rendered at: for a cached page, its internal
 * /_cached/{proto}/{host}/{version}/… path. It is left on the answer, unlike the one above: the
 * router reads it to fill in the route's parameters that the answer leaves out (proto, host,
 * version and the page's path) and to key its segment cache; without it the router would read
 * them from the address bar's path, where they are not, and the page's layouts would be given
 * the wrong parameters. It names no more than the shopper's own host, the protocol and the
 * dealer's public version hashes. secure-response.test.ts fails when Next stops reading it.
 */
export const CLIENT_ROUTER_REWRITE_HEADER = "x-nextjs-rewritten-path";

const BUILT_ASSET_PATH = /^\/_next\/static\//;
const SCRIPT_OR_STYLESHEET = /^(?:text|application)\/(?:javascript|css)\b/i;

/**
 * A document as it leaves the server, after the pass: its status, headers (the CSP included),
 * final body and the internal path Next's proxy rewrote the request to, if any. `onDocument`
 * receives it (the server's page store keeps cached pages in this form: runtime/page-cache/served-pages.mjs).
 * @typedef {{ status: number, headers: Record<string, unknown>, body: Buffer, rewrittenTo: string | undefined }} FinalDocument
 */

/**
 * @param {import("node:http").ServerResponse} res
 * @param {{ https: boolean, path?: string, onDocument?: (document: FinalDocument) => void, onLimitRefusal?: (retryAfter: unknown) => void }} options
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
  let paintFirst = false;
  /** @type {null | any[]} */
  let head = null;
  /** @type {Buffer[]} */
  const chunks = [];
  let finishing = false;
  /** @type {string | undefined} */
  let rewrittenTo;

  const decide = () => {
    if (mode) return mode;
    const raw = res.getHeader(DEALER_CSP_HEADER);
    dealer = parseDealerSources(typeof raw === "string" ? raw : undefined);
    res.removeHeader(DEALER_CSP_HEADER);
    paintFirst = res.getHeader(PAINT_FIRST_HEADER) !== undefined;
    res.removeHeader(PAINT_FIRST_HEADER);
    // The API boundary's rate-limit refusal: the server answers the client's next requests itself
    // until its Retry-After has passed (refused-clients.mjs).
    if (res.getHeader(LIMIT_REFUSAL_HEADER) !== undefined && res.statusCode === 429) options.onLimitRefusal?.(res.getHeader("retry-after"));
    res.removeHeader(LIMIT_REFUSAL_HEADER);
    // Next's router names the internal path it rewrote to (a cached page's
    // /_cached/{proto}/{host}/{version}/… key, runtime/page-cache/internal-path.ts): meant for
    // Next's own server, never read by the browser, so it does not leave.
    const rewrite = res.getHeader(INTERNAL_REWRITE_HEADER);
    rewrittenTo = typeof rewrite === "string" ? rewrite : undefined;
    res.removeHeader(INTERNAL_REWRITE_HEADER);
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
    // The document is being passed over: a second end has nothing to add.
    if (finishing) return this;
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    finishing = true;
    const send = (/** @type {Buffer} */ body, /** @type {readonly string[]} */ scriptHashes, passed = true) => {
      res.setHeader("content-security-policy", contentSecurityPolicy({ scriptHashes: [...scriptHashes], dealer }));
      // A page that answered with the dealer's 404 as its content leaves as a 404 (not-found-status.mjs).
      const given = typeof head?.[0] === "number" ? head[0] : res.statusCode;
      const status = documentStatus(given, body);
      if (status !== given) {
        res.statusCode = status;
        head = [status];
      }
      if (options.onDocument && passed) options.onDocument({ status, headers: res.getHeaders(), body, rewrittenTo });
      writeHead.apply(this, head ?? [res.statusCode]);
      end.call(this, body, undefined, cb);
    };
    const body = Buffer.concat(chunks);
    processDocument(body, { afterPaint: paintFirst }).then(
      (done) => send(done.body, done.scriptHashes),
      // Never expected (the tokenizer reads any text); if it happens the page goes out as Next
      // wrote it under a policy that lists no inline script: readable, its scripts blocked.
      (error) => {
        console.error("document pass failed:", error instanceof Error ? error.message : String(error));
        send(body, [], false);
      },
    );
    return this;
  };
}
