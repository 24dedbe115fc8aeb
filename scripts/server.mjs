#!/usr/bin/env node
// The production server: Next's request handler (the production build in .next) behind
// compression and the after-paint script rewrite (runtime/http/after-paint-scripts.mjs).
// npm start, the Playwright suite and the benchmarks all serve through this file.
// Usage: node scripts/server.mjs [-p PORT]   (or PORT=...; default 3000)
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import { deferFrameworkScripts } from "../runtime/http/document-response.mjs";
import { publicAssetsAddedLater } from "../runtime/http/public-assets.mjs";

// Before Next (and its React) load: the production builds are chosen by NODE_ENV.
process.env.NODE_ENV = "production";
const { default: next } = await import("next");

const root = path.resolve(import.meta.dirname, "..");
const flag = process.argv.indexOf("-p");
const port = Number(flag !== -1 ? process.argv[flag + 1] : (process.env.PORT ?? 3000));

// Taken before Next lists public/ so that nothing falls between the two listings.
const serveAddedAsset = publicAssetsAddedLater(path.join(root, "public"));
const app = next({ dev: false, dir: root, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// Brotli where the browser takes it (every current browser does), gzip otherwise. Quality 4 with
// a 256 KiB window (LGWIN 18, larger than any page): a vehicle page is 21.8 KiB against gzip's
// 24.6 KiB. The default 4 MiB window is allocated per response: with it, the cached vehicle page
// served 82 requests/s under load against 182 with this one and 156 with gzip
// (npm run bench:vdp -- --encoding=br, docs/performance.md).
const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } });

const server = http.createServer((req, res) => {
  compress(req, res, () => {
    if (serveAddedAsset(req, res)) return;
    deferFrameworkScripts(res);
    handle(req, res).catch((error) => {
      console.error("[server] request failed:", error instanceof Error ? error.message : error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
});
server.listen(port, () => console.log(`Ready on port ${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    app.close().finally(() => process.exit(0));
  });
}
