// Next's inline scripts that are constants of the build: Turbopack's chunk-group bootstrap, the
// `<script id="_R_">` each page carries (`(globalThis["TURBOPACK"] || …).push({otherChunks, …})`),
// one text per page of the app. Computed when the server starts from the build's own manifest
// with Next's own function, so the text is byte for byte what Next renders into the page; the
// document pass allows exactly these (server-bridge.mjs). A webpack build writes none.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { readFileSync } from "node:fs";
import path from "node:path";
import pageFiles from "next/dist/server/get-page-files.js";

/**
 * The chunk-group bootstrap of every page in a build (`.next/build-manifest.json`); [] when the
 * build has none (webpack) or cannot be read.
 * @param {string} distDir the build folder (.next)
 * @returns {string[]}
 */
export function nextBootstrapScripts(distDir) {
  /** @type {{ pagesChunkGroupBootstrapParams?: Record<string, unknown>, chunkLoadingGlobal?: string }} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  } catch {
    return [];
  }
  const params = manifest.pagesChunkGroupBootstrapParams;
  if (!params || !manifest.chunkLoadingGlobal) return [];
  const texts = new Set();
  for (const page of Object.keys(params)) {
    const text = pageFiles.getTurbopackChunkGroupBootstrap(params, manifest.chunkLoadingGlobal, [page]);
    if (text) texts.add(text);
  }
  return [...texts];
}
