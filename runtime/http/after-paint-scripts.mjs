// Framework scripts after the first paint.
//
// Next's App Router writes its scripts as <script async> and <link rel="preload"> in the head
// (vercel/next.js#66958; there is no setting to change it). On a phone they download alongside
// the main picture and, arriving first, are compiled before the page's first paint. The one pass
// over a page's HTML (document-pass.mjs) turns the tags this module picks (frameworkScriptOf)
// into calls to the small inline loader defined here, which adds the same
// scripts (still async, so their order is unchanged) once the browser has painted the page and its
// main picture (img[fetchpriority=high]) has been painted, at most HERO_WAIT_MS after the first paint.
// Not "after the load event": without scripts that often comes before the first paint. A page
// opened in a background tab has no paint to wait for and loads them at once; a browser without
// paint timing waits one frame.
// Measured (Lighthouse mobile, docs/performance.md): the vehicle page's LCP went from 2.0-2.6 s to
// about 1.3 s, because the picture no longer shares the simulated phone link with 160 KiB of
// script. Hydration starts correspondingly later; parts that must work before it are plain links
// and forms, and the static islands (blocks/shared/hydrate-later) replay early clicks.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

import { BRAND_FONTS_ATTRIBUTE } from "../brand-fonts.mjs";

/**
 * Response header that asks for the rewrite: proxy.ts sets it on pages that paint first
 * (runtime/render/paint-first.ts); the server removes it before the response leaves.
 */
export const PAINT_FIRST_HEADER = "x-paint-first";

/** Longest wait for the main picture after the first paint before the scripts start anyway. */
export const HERO_WAIT_MS = 3000;

/** Global the loader defines; the rewritten tags call it. */
export const LOADER_GLOBAL = "__afterPaint";

/**
 * Inline source (for a function taking `w` and `d`, the window and the document) that calls the
 * function named `start` once the browser has painted the page and its main picture, at most
 * HERO_WAIT_MS after the first paint; at once in a background tab, after one frame where paint
 * timing is missing. The picture counts as painted one frame after it has loaded and been
 * decoded: started at its load event, the scripts' requests and parsing sometimes held its paint
 * (a vehicle page's largest paint at 229 ms for a picture loaded at 128 ms, and Lighthouse then
 * counted 128 KiB of script before it: LCP 1.84 s against 1.22 s). Shared by the script loader
 * and the brand fonts' switch below.
 * @param {string} start
 */
const whenPainted = (start) =>
  `function afterHero(){var img=d.querySelector("img[fetchpriority=high]");if(!img||img.complete){${start}();return}function shown(){var p=img.decode?img.decode():null;(p?p.then(frame,frame):frame())}function frame(){requestAnimationFrame(function(){setTimeout(${start},0)})}img.addEventListener("load",shown);img.addEventListener("error",${start});setTimeout(${start},${HERO_WAIT_MS})}var P=w.PerformanceObserver;if(d.visibilityState==="hidden"){${start}()}else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();afterHero()}});o.observe({type:"paint",buffered:true})}else{requestAnimationFrame(function(){setTimeout(afterHero,0)})}`;

const LOADER = `(function(w,d){var q=[],seen={},on=false;function add(s,run){var k=run?2:1;if(seen[s]>=k)return;seen[s]=k;var e;if(run){e=d.createElement("script");e.src=s;e.async=true}else{e=d.createElement("link");e.rel="preload";e.as="script";e.href=s}d.head.appendChild(e)}function start(){if(on)return;on=true;for(var i=0;i<q.length;i++)add(q[i][0],q[i][1]);q=[]}w.${LOADER_GLOBAL}=function(s,run){on?add(s,run):q.push([s,run])};${whenPainted("start")}})(self,document)`;

/** The inline loader's source text (hashed for the Content-Security-Policy like any inline script). */
export const LOADER_SOURCE = LOADER;

/** The inline loader, as a script element. */
export const LOADER_SCRIPT = `<script>${LOADER}</script>`;

/** The session's note that the brand fonts were asked for once: their files are in the browser's cache. */
const BRAND_FONTS_SEEN = "brand-fonts";

// The brand fonts' switch, in every dealer page's head (runtime/render/site-document.tsx). The
// page paints first in the fonts' metric-matched local stand-ins and the brand fonts are asked
// for once it has painted and its main picture has loaded, as the framework's scripts are: a
// font file the page referenced from its first style pass (Inter and Source Serif 4 are about
// 50 KB each) shared the phone's link with the stylesheets and the main picture, and was often
// waited for before the first paint (Lighthouse counted it: LCP 1.66 s against 1.06 s for the
// same page with its fonts still on their way). The stand-ins have the brand fonts' metrics, so
// nothing moves when they arrive. Later pages of the same tab find the files in the cache and
// turn the fonts on before their first paint, so a shopper sees the stand-ins once a visit, not
// on every page. Without scripts a <noscript> rule turns them on from the start. Allowed under the
// Content-Security-Policy as one of blocks/inline-scripts.ts' constants.
export const BRAND_FONTS_SOURCE = `(function(w,d){var r=d.documentElement,done=false;function on(){if(done)return;done=true;r.setAttribute("${BRAND_FONTS_ATTRIBUTE}","");try{w.sessionStorage.setItem("${BRAND_FONTS_SEEN}","1")}catch(e){}}try{if(w.sessionStorage.getItem("${BRAND_FONTS_SEEN}")){on();return}}catch(e){}${whenPainted("on")}})(self,document)`;

// A script the framework built: a path under /_next/static/ of plain characters only, so the
// loader call written from it can never hold a quote or a "<".
const FRAMEWORK_SRC = /^\/_next\/static\/[\w./-]+\.js$/;
const SCRIPT_ATTRIBUTES = new Set(["src", "async"]);
const PRELOAD_ATTRIBUTES = new Set(["rel", "as", "href", "fetchpriority"]);

/**
 * What the loader should do for one start tag, from its name and attributes as the HTML
 * tokenizer read them (names lower-cased, values decoded): run the script, preload it, or
 * nothing (the tag is left as it is). Only the framework's own tags with exactly these
 * attributes are taken; a tag with anything else (integrity, nonce, type, nomodule) keeps its
 * native loading. Whether a script's body is empty is the caller's to check.
 * @param {string} tagName
 * @param {ReadonlyArray<{ name: string, value: string }>} attrs
 * @returns {{ src: string, run: boolean } | null}
 */
export function frameworkScriptOf(tagName, attrs) {
  const get = (/** @type {string} */ name) => attrs.find((a) => a.name === name)?.value;
  if (tagName === "script") {
    const src = get("src");
    if (src === undefined || !FRAMEWORK_SRC.test(src) || get("async") === undefined) return null;
    return attrs.length === 2 && attrs.every((a) => SCRIPT_ATTRIBUTES.has(a.name)) ? { src, run: true } : null;
  }
  if (tagName !== "link") return null;
  const href = get("href");
  if (get("rel") !== "preload" || get("as") !== "script" || href === undefined || !FRAMEWORK_SRC.test(href)) return null;
  return attrs.every((a) => PRELOAD_ATTRIBUTES.has(a.name)) ? { src: href, run: false } : null;
}

/**
 * The source text of the inline script that hands one framework script to the loader.
 * @param {{ src: string, run: boolean }} script
 */
export function loaderCall(script) {
  return `self.${LOADER_GLOBAL}(${JSON.stringify(script.src)},${script.run ? 1 : 0})`;
}
