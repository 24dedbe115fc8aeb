// The one pass over an HTML document before it leaves the production server (secure-response.mjs
// calls it): a real HTML tokenizer (parse5's rewriting stream, the WHATWG tokenizer state
// machine) reads the page once and, in the same traversal,
//  - lists the SHA-256 hashes of the inline scripts the Content-Security-Policy allows
//    (security-headers.mjs): only scripts the platform or Next wrote, never every script in the
//    page (see "Which inline scripts run" below), and
//  - on a page that paints first, turns the framework's script tags into loader calls
//    (after-paint-scripts.mjs), hashing the loader and the calls it writes, and
//  - drops the `as` attribute from stylesheet links: Next writes the stylesheets of components it
//    loads on demand as `<link rel="stylesheet" as="style">`, which HTML allows only on preloads
//    (the Nu Html Checker refuses it; tests/e2e/html-validity.spec.ts).
// A tokenizer rather than patterns because HTML is not regular: a ">" inside a quoted attribute,
// "<!--<script>" inside a script (the browser then reads past the next "</script>"), a "</script>"
// followed by attributes, CR LF line ends (the browser hashes LF), a comment or a <noscript> that
// holds a script tag, and entities inside an SVG script all read differently to a pattern than
// to a browser; the tokenizer reads them as the browser does.
//
// Which inline scripts run. Hashing every inline script of the final HTML would allow a script an
// attacker managed to inject, so an inline script is listed only when it is
//  1. a constant: the platform's own scripts (the blocks' pre-hydration scripts, registered by the
//     app at start) and Turbopack's chunk bootstrap for each page (computed from the build's
//     manifest at start, next-scripts.mjs), both in server-bridge.mjs; or the after-paint loader;
//  2. a loader call this pass wrote itself; or
//  3. Next's flight payload, proven twice: by its form, exactly what Next writes
//     (`(self.__next_f=self.__next_f||[]).push([0])`, then `self.__next_f.push([1,"…"])` whose
//     argument is a JSON array of data, with "<" escaped as Next escapes it), and by its place:
//     the run of scripts Next appends after the page's last element, from the bootstrap on.
//     Nothing but scripts may come between them and </body>: an element, text or an end tag
//     (an injected script sits inside some element, whose end tag follows it) starts the run
//     again, and a push before the bootstrap is not Next's.
// Anything else is left out of the policy and the browser refuses it; JSON-LD
// (type="application/ld+json") is data, never run, and needs no hash.
// Why hashes and not a per-response nonce (which Next can put on its scripts when the request
// carries a policy): the vehicle page is served from Next's cache as finished HTML, rendered once
// for every visitor. A nonce would have to be written into every hit, the page rewritten per
// request; hashes are computed once with the page (the memo below) and a cached page costs one
// hash of its body per hit.
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
import { platformScriptHashes, platformScriptsVersion, scriptHash } from "./server-bridge.mjs";

/**
 * Bytes of rewritten pages the memo keeps (a vehicle page is about 180 KB). Small: a cached page's
 * later hits are answered from the page store (runtime/page-cache/served-pages.mjs) before this
 * pass, so the memo serves only what the store does not keep (a page with a query string, a
 * render whose time is unknown). At 1,000 dealers a 32 MB memo held 19-32 MB of copies of stored
 * pages and was hit 0 times in 500 passes (bench:scale).
 */
export const MEMO_MAX_BYTES = 8 * 1024 * 1024;

const sha256 = scriptHash;
const LOADER_HASH = sha256(LOADER_SOURCE);

/** What Next writes first of its flight payload (app-render/use-flight-response.js). */
export const FLIGHT_BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
const FLIGHT_PUSH = "self.__next_f.push(";
/** Next's payload instructions: 1 text, 2 form state (only after the bootstrap), 3 binary as base64. */
const DATA = 1;
const FORM_STATE = 2;
const BINARY = 3;

/**
 * The argument of one `self.__next_f.push(…)` if `text` is exactly that call with a JSON array of
 * data (Next escapes "<" in it, so a raw one is not Next's), else null.
 * @param {string} text
 * @returns {unknown[] | null}
 */
function pushedData(text) {
  if (!text.startsWith(FLIGHT_PUSH) || !text.endsWith(")")) return null;
  const json = text.slice(FLIGHT_PUSH.length, -1);
  if (json.includes("<")) return null;
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whether an inline script's text has the form of Next's flight payload: "bootstrap" for the
 * first script (the bootstrap, with the form state after it when there is one), "data" for a
 * chunk of the payload, null for anything else.
 * @param {string} text
 * @returns {"bootstrap" | "data" | null}
 */
export function flightScriptKind(text) {
  if (text === FLIGHT_BOOTSTRAP) return "bootstrap";
  if (text.startsWith(FLIGHT_BOOTSTRAP + ";")) {
    const state = pushedData(text.slice(FLIGHT_BOOTSTRAP.length + 1));
    return state?.length === 2 && state[0] === FORM_STATE ? "bootstrap" : null;
  }
  const data = pushedData(text);
  return data?.length === 2 && (data[0] === DATA || data[0] === BINARY) && typeof data[1] === "string" ? "data" : null;
}

/**
 * @typedef {{ scriptHashes: readonly string[], body: Buffer, unlisted: number }} PassResult
 * body is the document to send: the input itself when nothing was rewritten; unlisted counts the
 * inline scripts left out of the policy.
 */

// The rewriting stream keeps whether the tokenizer is inside SVG or MathML to itself (protected);
// a subclass may read it. A script there is an SVG script: not rewritten, external by href, and a
// self-closing one has no body.
class DocumentRewriter extends RewritingStream {
  get inForeignContent() {
    return this.parserFeedbackSimulator.inForeignContent;
  }
}

// The script types a browser runs (HTML's JavaScript MIME type essences, module, import maps and
// speculation rules); any other type (application/ld+json) makes the element a data block.
const RUN_TYPES = new Set(
  [
    "",
    "module",
    "importmap",
    "speculationrules",
    ...["application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript", "text/ecmascript", "text/javascript"],
    ...["text/javascript1.0", "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4", "text/javascript1.5"],
    ...["text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript"],
  ].map((t) => t.toLowerCase()),
);

/** Whether a script element with these attributes is a data block, never run. @param {ReadonlyArray<{ name: string, value: string }>} attrs */
function isDataBlock(attrs) {
  const type = attrs.find((a) => a.name === "type");
  return type !== undefined && !RUN_TYPES.has(type.value.trim().toLowerCase());
}

/** Whether a link is a stylesheet that also carries `as` (allowed only with rel=preload or modulepreload). @param {ReadonlyArray<{ name: string, value: string }>} attrs */
function isStylesheetWithAs(attrs) {
  const rel =
    attrs
      .find((a) => a.name === "rel")
      ?.value.toLowerCase()
      .split(/\s+/) ?? [];
  return rel.includes("stylesheet") && !rel.includes("preload") && attrs.some((a) => a.name === "as");
}

// End tags that may follow Next's payload scripts (the document's own).
const DOCUMENT_END = new Set(["body", "html"]);

/**
 * Passes over one whole document.
 * @param {string} html
 * @param {boolean} afterPaint whether to rewrite the framework's script tags
 * @returns {Promise<{ scriptHashes: string[], html: string | null, unlisted: number }>} html is null when nothing was rewritten
 */
export function passOverDocument(html, afterPaint) {
  const platform = platformScriptHashes();
  return new Promise((resolve, reject) => {
    const rewriter = new DocumentRewriter();
    /** @type {string[]} */
    const out = [];
    /** @type {Set<string>} */
    const hashes = new Set();
    let rewrote = false;
    /** Whether a tag other than a framework script was rewritten (a stylesheet's `as`). */
    let changed = false;
    let unlisted = 0;
    /** The script element being read: its text so far, whether it loads from a URL instead, whether its tag has no attribute, whether it is SVG's. */
    /** @type {null | { text: string, external: boolean, bare: boolean, foreign: boolean, data: boolean }} */
    let script = null;
    /** A framework script's start tag, held until its end tag shows that its body is empty. */
    /** @type {null | { raw: string, found: { src: string, run: boolean } }} */
    let held = null;
    /** Hashes of Next's payload scripts since the bootstrap, while nothing else has come after them; null before a bootstrap. */
    /** @type {null | string[]} */
    let flight = null;
    /** Counts an inline script left out of the policy; it and anything else that is page content ends a payload run. */
    const content = (/** @type {boolean} */ refused = false) => {
      if (refused) unlisted += 1;
      if (flight) unlisted += flight.length;
      flight = null;
    };

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
    /** Decides whether the inline script just read is allowed. @param {{ text: string, bare: boolean, foreign: boolean, data: boolean }} s */
    const judge = (s) => {
      // Data (JSON-LD) is never run and needs no hash; it is page content like any element.
      if (s.data) return content();
      const hash = sha256(s.text);
      if (hash === LOADER_HASH || platform.has(hash)) return void hashes.add(hash);
      const kind = s.bare && !s.foreign ? flightScriptKind(s.text) : null;
      if (kind === "bootstrap") {
        content();
        flight = [hash];
      } else if (kind === "data" && flight) flight.push(hash);
      else content(true);
    };

    rewriter.on("startTag", (tag, raw) => {
      release();
      const foreign = rewriter.inForeignContent;
      if (tag.tagName === "script" && !(foreign && tag.selfClosing)) {
        const external = tag.attrs.some((a) => a.name === (foreign ? "href" : "src"));
        script = { text: "", external, bare: tag.attrs.length === 0, foreign, data: !foreign && isDataBlock(tag.attrs) };
        const found = afterPaint && !foreign ? frameworkScriptOf("script", tag.attrs) : null;
        if (found) {
          held = { raw, found };
          return;
        }
      } else if (tag.tagName === "link" && !foreign) {
        const found = afterPaint ? frameworkScriptOf("link", tag.attrs) : null;
        if (found) return writeCall(found);
        content();
        if (isStylesheetWithAs(tag.attrs)) {
          changed = true;
          return rewriter.emitStartTag({ ...tag, attrs: tag.attrs.filter((a) => a.name !== "as") });
        }
      } else content();
      rewriter.emitRaw(raw);
    });
    rewriter.on("text", (token, raw) => {
      if (script) script.text += token.text;
      else if (token.text.trim() !== "") content();
      release();
      rewriter.emitRaw(raw);
    });
    rewriter.on("endTag", (tag, raw) => {
      if (tag.tagName === "script" && script) {
        if (!script.external) judge(script);
        script = null;
        if (held) {
          const { found } = held;
          held = null;
          return writeCall(found);
        }
      } else if (!DOCUMENT_END.has(tag.tagName)) content();
      release();
      rewriter.emitRaw(raw);
    });
    rewriter.on("data", (/** @type {string} */ chunk) => out.push(chunk));
    rewriter.on("error", reject);
    rewriter.on("end", () => {
      // A framework script cut off by the end of the document is left as it was.
      if (held) out.push(held.raw);
      for (const hash of flight ?? []) hashes.add(hash);
      resolve({ scriptHashes: [...hashes], html: rewrote || changed ? out.join("") : null, unlisted });
    });
    rewriter.end(html);
  });
}

/** @typedef {{ scriptHashes: readonly string[], body: Buffer | null, unlisted: number }} MemoEntry */
/** @type {LRUCache<string, MemoEntry>} */
const memo = new LRUCache({
  maxSize: MEMO_MAX_BYTES,
  sizeCalculation: (v) => (v.body?.length ?? 0) + 64 * v.scriptHashes.length + 64,
});
/** @type {Map<string, Promise<MemoEntry>>} */
const inFlight = new Map();

/**
 * The document pass for a response body, memoised per identical body, option and set of allowed
 * platform scripts: the same bytes give the same result, so a page served again from a cache is not read again (and concurrent
 * requests for one new page share one pass).
 * @param {Buffer} body the whole document, UTF-8
 * @param {{ afterPaint: boolean }} options
 * @returns {Promise<PassResult>}
 */
export async function processDocument(body, options) {
  const key = `${options.afterPaint ? "a" : "h"}${platformScriptsVersion()}:${createHash("sha256").update(body).digest("base64")}`;
  let entry = memo.get(key);
  if (!entry) {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = passOverDocument(body.toString("utf8"), options.afterPaint).then(({ scriptHashes, html, unlisted }) => {
        // Once per distinct page: a script of the platform's that is missing from the list, or
        // one that should not be there. Never its text (it may hold what a shopper typed).
        if (unlisted) console.warn(`document pass: ${unlisted} inline script(s) not written by the platform or Next, left out of the Content-Security-Policy`);
        return { scriptHashes: Object.freeze(scriptHashes), body: html === null ? null : Buffer.from(html, "utf8"), unlisted };
      });
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
  return { scriptHashes: entry.scriptHashes, body: entry.body ?? body, unlisted: entry.unlisted };
}
