// The one pass over an HTML document before it leaves the production server (secure-response.mjs
// calls it): a real HTML tokenizer (parse5's rewriting stream, the WHATWG tokenizer state
// machine) reads the page once and, in the same traversal,
//  - lists the SHA-256 hash of every inline script's text, for the Content-Security-Policy
//    (security-headers.mjs), and
//  - on a page that paints first, turns the framework's script tags into loader calls
//    (after-paint-scripts.mjs), hashing the loader and the calls it writes.
// A tokenizer rather than patterns because HTML is not regular: a ">" inside a quoted attribute,
// "<!--<script>" inside a script (the browser then reads past the next "</script>"), a "</script>"
// followed by attributes, CR LF line ends (the browser hashes LF), a comment or a <noscript> that
// holds a script tag, and entities inside an SVG script all read differently to a pattern than
// to a browser; the tokenizer reads them as the browser does.
//
// Every byte the pass does not rewrite is copied from the input as it was (emitRaw of the source
// text), so a page that is not rewritten is sent exactly as Next wrote it.
//
// Speed: the tokenizer costs a few milliseconds on a large page (docs/performance.md, "One pass
// over the HTML"), and a cached vehicle page is the same bytes on every hit, so results are kept
// per identical body (an LRU keyed by the body's SHA-256, bounded by bytes): an unchanged page is
// passed over once, later hits cost one hash of the body.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { RewritingStream } from "parse5-html-rewriting-stream";
import { frameworkScriptOf, LOADER_SCRIPT, LOADER_SOURCE, loaderCall } from "./after-paint-scripts.mjs";

/** Bytes of rewritten pages the memo keeps (a vehicle page is about 180 KB). */
export const MEMO_MAX_BYTES = 32 * 1024 * 1024;

/** @param {string} text */
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("base64");
const LOADER_HASH = sha256(LOADER_SOURCE);

/**
 * @typedef {{ scriptHashes: readonly string[], body: Buffer }} PassResult
 * body is the document to send: the input itself when nothing was rewritten.
 */

// The rewriting stream keeps whether the tokenizer is inside SVG or MathML to itself (protected);
// a subclass may read it. A script there is an SVG script: not rewritten, external by href, and a
// self-closing one has no body.
class DocumentRewriter extends RewritingStream {
  get inForeignContent() {
    return this.parserFeedbackSimulator.inForeignContent;
  }
}

/**
 * Passes over one whole document.
 * @param {string} html
 * @param {boolean} afterPaint whether to rewrite the framework's script tags
 * @returns {Promise<{ scriptHashes: string[], html: string | null }>} html is null when nothing was rewritten
 */
export function passOverDocument(html, afterPaint) {
  return new Promise((resolve, reject) => {
    const rewriter = new DocumentRewriter();
    /** @type {string[]} */
    const out = [];
    /** @type {Set<string>} */
    const hashes = new Set();
    let rewrote = false;
    /** The script element being read: its text so far, and whether it loads from a URL instead. */
    /** @type {null | { text: string, external: boolean }} */
    let script = null;
    /** A framework script's start tag, held until its end tag shows that its body is empty. */
    /** @type {null | { raw: string, found: { src: string, run: boolean } }} */
    let held = null;

    const release = () => {
      if (held) rewriter.emitRaw(held.raw);
      held = null;
    };
    /** @param {{ src: string, run: boolean }} found */
    const writeCall = (found) => {
      if (!rewrote) {
        rewriter.emitRaw(LOADER_SCRIPT);
        hashes.add(LOADER_HASH);
        rewrote = true;
      }
      const source = loaderCall(found);
      rewriter.emitRaw(`<script>${source}</script>`);
      hashes.add(sha256(source));
    };

    rewriter.on("startTag", (tag, raw) => {
      release();
      const foreign = rewriter.inForeignContent;
      if (tag.tagName === "script" && !(foreign && tag.selfClosing)) {
        const external = tag.attrs.some((a) => a.name === (foreign ? "href" : "src"));
        script = { text: "", external };
        const found = afterPaint && !foreign ? frameworkScriptOf("script", tag.attrs) : null;
        if (found) {
          held = { raw, found };
          return;
        }
      } else if (tag.tagName === "link" && afterPaint && !foreign) {
        const found = frameworkScriptOf("link", tag.attrs);
        if (found) return writeCall(found);
      }
      rewriter.emitRaw(raw);
    });
    rewriter.on("text", (token, raw) => {
      if (script) script.text += token.text;
      release();
      rewriter.emitRaw(raw);
    });
    rewriter.on("endTag", (tag, raw) => {
      if (tag.tagName === "script" && script) {
        if (!script.external) hashes.add(sha256(script.text));
        script = null;
        if (held) {
          const { found } = held;
          held = null;
          return writeCall(found);
        }
      }
      release();
      rewriter.emitRaw(raw);
    });
    rewriter.on("data", (/** @type {string} */ chunk) => out.push(chunk));
    rewriter.on("error", reject);
    rewriter.on("end", () => {
      // A framework script cut off by the end of the document is left as it was.
      if (held) out.push(held.raw);
      resolve({ scriptHashes: [...hashes], html: rewrote ? out.join("") : null });
    });
    rewriter.end(html);
  });
}

/** @type {LRUCache<string, { scriptHashes: readonly string[], body: Buffer | null }>} */
const memo = new LRUCache({
  maxSize: MEMO_MAX_BYTES,
  sizeCalculation: (v) => (v.body?.length ?? 0) + 64 * v.scriptHashes.length + 64,
});
/** @type {Map<string, Promise<{ scriptHashes: readonly string[], body: Buffer | null }>>} */
const inFlight = new Map();

/**
 * The document pass for a response body, memoised per identical body and option: the same bytes
 * give the same result, so a page served again from a cache is not read again (and concurrent
 * requests for one new page share one pass).
 * @param {Buffer} body the whole document, UTF-8
 * @param {{ afterPaint: boolean }} options
 * @returns {Promise<PassResult>}
 */
export async function processDocument(body, options) {
  const key = `${options.afterPaint ? "a" : "h"}:${createHash("sha256").update(body).digest("base64")}`;
  let entry = memo.get(key);
  if (!entry) {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = passOverDocument(body.toString("utf8"), options.afterPaint).then(({ scriptHashes, html }) => ({
        scriptHashes: Object.freeze(scriptHashes),
        body: html === null ? null : Buffer.from(html, "utf8"),
      }));
      inFlight.set(key, pending);
      pending.then(
        (value) => {
          memo.set(key, value);
          inFlight.delete(key);
        },
        () => inFlight.delete(key),
      );
    }
    entry = await pending;
  }
  return { scriptHashes: entry.scriptHashes, body: entry.body ?? body };
}
