// Framework scripts after the first paint.
//
// Next's App Router writes its scripts as <script async> and <link rel="preload"> in the head
// (vercel/next.js#66958; there is no setting to change it). On a phone they download alongside
// the main picture and, arriving first, are compiled before the page's first paint. This module
// rewrites those tags in a page's HTML into calls to a small inline loader, which adds the same
// scripts (still async, so their order is unchanged) once the browser has painted the page and its
// main picture (img[fetchpriority=high]) has loaded, at most HERO_WAIT_MS after the first paint.
// Not "after the load event": without scripts that often comes before the first paint. A page
// opened in a background tab has no paint to wait for and loads them at once; a browser without
// paint timing waits one frame.
// Measured (Lighthouse mobile, docs/performance.md): the vehicle page's LCP went from 2.0-2.6 s to
// about 1.3 s, because the picture no longer shares the simulated phone link with 160 KiB of
// script. Hydration starts correspondingly later; parts that must work before it are plain links
// and forms, and the static islands (blocks/shared/hydrate-later) replay early clicks.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

/**
 * Response header that asks for the rewrite: proxy.ts sets it on pages that paint first
 * (runtime/render/paint-first.ts); the server removes it before the response leaves.
 */
export const PAINT_FIRST_HEADER = "x-paint-first";

/** Longest wait for the main picture after the first paint before the scripts start anyway. */
export const HERO_WAIT_MS = 3000;

/** Global the loader defines; the rewritten tags call it. */
export const LOADER_GLOBAL = "__afterPaint";

const LOADER = `(function(w,d){var q=[],seen={},on=false;function add(s,run){var k=run?2:1;if(seen[s]>=k)return;seen[s]=k;var e;if(run){e=d.createElement("script");e.src=s;e.async=true}else{e=d.createElement("link");e.rel="preload";e.as="script";e.href=s}d.head.appendChild(e)}function start(){if(on)return;on=true;for(var i=0;i<q.length;i++)add(q[i][0],q[i][1]);q=[]}w.${LOADER_GLOBAL}=function(s,run){on?add(s,run):q.push([s,run])};function afterHero(){var img=d.querySelector("img[fetchpriority=high]");if(!img||img.complete){start();return}img.addEventListener("load",start);img.addEventListener("error",start);setTimeout(start,${HERO_WAIT_MS})}var P=w.PerformanceObserver;if(d.visibilityState==="hidden"){start()}else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();afterHero()}});o.observe({type:"paint",buffered:true})}else{requestAnimationFrame(function(){setTimeout(afterHero,0)})}})(self,document)`;

/** The inline loader, as a script element. */
export const LOADER_SCRIPT = `<script>${LOADER}</script>`;

// A script or link tag (script tags with their empty body and end tag). Tag text never contains
// "<" or ">" inside attribute values here: the framework's tags are plain, and dealer and shopper
// text is always escaped.
const TAG = /<(script|link)\b([^<>]*)>(<\/script>)?/g;
const ATTRIBUTE = /([a-zA-Z][a-zA-Z-]*)(?:="([^"]*)")?/g;
const FRAMEWORK_SRC = /^\/_next\/static\/[\w./-]+\.js$/;
const PRELOAD_ATTRIBUTES = new Set(["rel", "as", "href", "fetchpriority"]);

/** @param {string} text @returns {Map<string, string>} */
function attributes(text) {
  const out = new Map();
  for (const m of text.matchAll(ATTRIBUTE)) out.set(m[1].toLowerCase(), m[2] ?? "");
  return out;
}

/**
 * What the loader should do for one tag: run the script, preload it, or nothing (the tag is
 * left as it is). Only the framework's own tags with exactly these attributes are taken; a tag
 * with anything else (integrity, nonce, type, nomodule) keeps its native loading.
 * @param {string} name @param {string} attrText @param {boolean} closed
 * @returns {{ src: string, run: boolean } | null}
 */
export function frameworkScriptOf(name, attrText, closed) {
  const attrs = attributes(attrText.replace(/\/$/, ""));
  if (name === "script") {
    const src = attrs.get("src");
    if (!closed || src === undefined || !FRAMEWORK_SRC.test(src) || !attrs.has("async") || attrs.size !== 2) return null;
    return { src, run: true };
  }
  const href = attrs.get("href");
  if (attrs.get("rel") !== "preload" || attrs.get("as") !== "script" || href === undefined || !FRAMEWORK_SRC.test(href)) return null;
  if ([...attrs.keys()].some((k) => !PRELOAD_ATTRIBUTES.has(k))) return null;
  return { src: href, run: false };
}

/**
 * A rewriter for one HTML document arriving in chunks. push() returns the rewritten text that
 * is complete so far; a trailing unfinished tag is held until the next chunk; end() returns the
 * rest. The loader is written just before the first rewritten tag.
 */
export function createScriptRewriter() {
  let carry = "";
  let loaderWritten = false;
  /** @param {string} text */
  const rewrite = (text) =>
    text.replace(TAG, (tag, name, attrText, closed) => {
      const found = frameworkScriptOf(name, attrText, Boolean(closed));
      if (!found) return tag;
      const call = `<script>self.${LOADER_GLOBAL}(${JSON.stringify(found.src)},${found.run ? 1 : 0})</script>`;
      if (loaderWritten) return call;
      loaderWritten = true;
      return LOADER_SCRIPT + call;
    });
  return {
    /** @param {string} chunk */
    push(chunk) {
      let text = carry + chunk;
      carry = "";
      // Hold back an unfinished tag (a "<" with no ">" after it), then a framework script's
      // start tag whose end tag has not arrived. Held text is short: a tag or two.
      const lastOpen = text.lastIndexOf("<");
      if (lastOpen !== -1 && text.indexOf(">", lastOpen) === -1 && text.length - lastOpen < 4096) {
        carry = text.slice(lastOpen);
        text = text.slice(0, lastOpen);
      }
      const openScript = /<script\b[^<>]*>$/.exec(text);
      if (openScript) {
        carry = openScript[0] + carry;
        text = text.slice(0, openScript.index);
      }
      return rewrite(text);
    },
    end() {
      const text = carry;
      carry = "";
      return rewrite(text);
    },
  };
}
