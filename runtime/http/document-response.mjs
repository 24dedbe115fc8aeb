// Applies the after-paint script rewrite (after-paint-scripts.mjs) to a Node response: HTML
// responses marked by the app as painting first (the PAINT_FIRST_HEADER response header, set by
// proxy.ts) are rewritten as they stream; everything else passes through untouched.
//
// It must sit above the compression layer (scripts/server.mjs installs the compression
// middleware first, then this), so it sees plain text; Next's own compression is off
// (next.config.ts `compress: false`).
import { StringDecoder } from "node:string_decoder";
import { createScriptRewriter, PAINT_FIRST_HEADER } from "./after-paint-scripts.mjs";

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

/**
 * Patches res.write and res.end so an HTML body has its framework script tags rewritten.
 * The decision is made at the first write or end, from the response's content type.
 * @param {import("node:http").ServerResponse} res
 */
export function deferFrameworkScripts(res) {
  const write = res.write;
  const end = res.end;
  // The marker header is taken off just before the headers go out (a streamed page flushes its
  // headers before its first write), and remembered.
  let marked = false;
  const takeMarker = () => {
    if (res.headersSent || res.getHeader(PAINT_FIRST_HEADER) === undefined) return;
    marked = true;
    res.removeHeader(PAINT_FIRST_HEADER);
  };
  const writeHead = res.writeHead;
  /** @type {any} */ (res).writeHead = function (/** @type {any[]} */ ...args) {
    takeMarker();
    return writeHead.apply(this, /** @type {any} */ (args));
  };
  /** @type {undefined | { decoder: StringDecoder, rewriter: ReturnType<typeof createScriptRewriter> } | null} */
  let state;
  const rewriting = () => {
    if (state !== undefined) return state;
    const type = String(res.getHeader("content-type") ?? "");
    // A body whose length was already announced cannot change (Next never does this for pages).
    const fixedLength = res.headersSent && res.getHeader("content-length") !== undefined;
    takeMarker();
    if (!marked || !/^text\/html\b/i.test(type) || fixedLength) return (state = null);
    if (!res.headersSent) res.removeHeader("content-length");
    return (state = { decoder: new StringDecoder("utf8"), rewriter: createScriptRewriter() });
  };

  /** @type {any} */ (res).write = function (/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) {
    const s = rewriting();
    if (!s || chunk == null) return write.call(this, chunk, encoding, cb);
    if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    return write.call(this, s.rewriter.push(s.decoder.write(toBuffer(chunk, encoding))), "utf8", cb);
  };
  /** @type {any} */ (res).end = function (/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) {
    if (typeof chunk === "function") [chunk, encoding, cb] = [undefined, undefined, chunk];
    if (typeof encoding === "function") [encoding, cb] = [undefined, encoding];
    const s = rewriting();
    if (!s) return end.call(this, chunk, encoding, cb);
    let text = chunk == null ? "" : s.rewriter.push(s.decoder.write(toBuffer(chunk, encoding)));
    text += s.rewriter.push(s.decoder.end()) + s.rewriter.end();
    return end.call(this, text, "utf8", cb);
  };
}
