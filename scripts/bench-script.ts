/**
 * npm run bench:script: the script every page type of every sample dealer loads, as Lighthouse
 * counts it ("JS loaded": the transfer size of every script response, headers included), without
 * Lighthouse's minute a page. Each page opens in a fresh browser context (empty cache) with
 * Lighthouse's mobile screen (412×823 at 1.75, touch), waits for `load`, then for the network to
 * stay quiet for a second (what Lighthouse waits for), and sums the scripts fetched by then, so
 * chunks that link prefetching or a part coming into view pulls in are counted too. It also counts
 * the prefetches themselves (requests for a page's RSC payload: each one a server render).
 *
 * Script bytes do not depend on the machine's load, so a busy machine measures them as well as a
 * quiet one. Against the production build (`npx next build`), through `scripts/server.mjs` on a
 * fresh embedded database (or an already running server with `--running`).
 *
 * Usage: npm run bench:script [-- --sites=sunshine-chery] [--paths=/,/finance] [--chunks] [--running]
 *   --chunks: each page's scripts one by one (transfer KiB and URL), for finding what to cut.
 *   --running: measure the server already answering on BENCH_PORT instead of starting one.
 *   --budget=150: the KiB a page may load; pages over it are listed at the end (exit code stays 0).
 * --smoke (npm test): the first sample dealer's home page; asserts only that figures were produced.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { CHROMIUM_FLAGS } from "./lib/chromium";
import { startNextServer, stopAndWait, waitForServer } from "./lib/next-server";
import { SMOKE, assertFigures } from "./lib/bench-smoke";
import { PAGE_TYPES, servedPages, waitForBuiltAssets } from "./lib/page-types";

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const argPaths = arg("paths")?.split(",") ?? (SMOKE ? ["/"] : Object.keys(PAGE_TYPES));
const onlySites = arg("sites")?.split(",");
const showChunks = process.argv.includes("--chunks");
const running = process.argv.includes("--running");
const budgetKiB = Number(arg("budget") ?? 150);
const slugs = readdirSync(path.join(root, "manifests"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .filter((s) => !onlySites || onlySites.includes(s))
  .slice(0, SMOKE && !onlySites ? 1 : undefined);

// Lighthouse's mobile emulation (moto g power): the screen decides which parts come into view.
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36",
};
// Lighthouse's defaults: a second after load, then a second without a request in flight.
const PAUSE_AFTER_LOAD_MS = 1000;
const NETWORK_QUIET_MS = 1000;
const MAX_WAIT_MS = 30_000;

interface Measured {
  scripts: { url: string; bytes: number }[];
  /** Requests for a page's RSC payload (link prefetches and client navigations). */
  rscRequests: string[];
}

async function measure(context: BrowserContext, url: string): Promise<Measured> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map<string, { url: string; type: string }>();
  const scripts: Measured["scripts"] = [];
  const rscRequests: string[] = [];
  const inFlight = new Set<string>();
  let lastChange = Date.now();
  cdp.on("Network.requestWillBeSent", (e) => {
    inFlight.add(e.requestId);
    lastChange = Date.now();
    const u = new URL(e.request.url);
    if (u.searchParams.has("_rsc") || e.request.headers["RSC"] === "1" || e.request.headers["rsc"] === "1") rscRequests.push(u.pathname + u.search);
  });
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, { url: e.response.url, type: e.type }));
  const done = (id: string) => {
    inFlight.delete(id);
    lastChange = Date.now();
  };
  cdp.on("Network.loadingFinished", (e) => {
    done(e.requestId);
    const seen = types.get(e.requestId);
    if (seen?.type === "Script") scripts.push({ url: seen.url, bytes: e.encodedDataLength });
  });
  cdp.on("Network.loadingFailed", (e) => done(e.requestId));
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForTimeout(PAUSE_AFTER_LOAD_MS);
  const started = Date.now();
  while (Date.now() - started < MAX_WAIT_MS && (inFlight.size > 0 || Date.now() - lastChange < NETWORK_QUIET_MS)) await page.waitForTimeout(100);
  await page.close();
  return { scripts, rscRequests };
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` first");
  // A fresh embedded database of its own, so the run never touches another server's data.
  const dataDir = running ? null : mkdtempSync(path.join(tmpdir(), "bench-script-"));
  const server = dataDir ? startNextServer(PORT, { env: { ...process.env, PGLITE_DIR: path.join(dataDir, "pglite") } }) : undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: [...CHROMIUM_FLAGS] });
  try {
    await waitForServer(PORT, { server, timeoutMs: 180_000 });
    const assets = await waitForBuiltAssets(PORT);
    if (assets.ready < assets.total) console.log(`${assets.total - assets.ready} of ${assets.total} built assets not precompressed yet`);
    const rows: string[] = [];
    const over: string[] = [];
    const figures: Record<string, number> = {};
    for await (const { slug, host, wanted, path: p } of servedPages(PORT, slugs, argPaths)) {
      const context = await browser.newContext(MOBILE);
      const { scripts, rscRequests } = await measure(context, `http://${host}${p}`);
      await context.close();
      const kib = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
      const type = PAGE_TYPES[wanted] ?? "page";
      const row = `| ${type} | ${slug} | ${p} | ${kib.toFixed(1)} KiB | ${scripts.length} | ${rscRequests.length} |`;
      rows.push(row);
      console.log(row);
      if (showChunks)
        for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes))
          console.log(`    ${(s.bytes / 1024).toFixed(1).padStart(6)} KiB  ${new URL(s.url).pathname}`);
      if (showChunks && rscRequests.length) for (const r of rscRequests) console.log(`    RSC ${r}`);
      if (kib > budgetKiB) over.push(`${type} ${slug} ${p}: ${kib.toFixed(1)} KiB`);
      figures[`${slug} ${p} script KiB`] = kib;
      figures[`${slug} ${p} RSC requests`] = rscRequests.length;
    }
    console.log(`\n| Page type | Site | Path | Script loaded (transfer) | Scripts | RSC requests |\n|---|---|---|---|---|---|\n${rows.join("\n")}`);
    console.log(over.length ? `\nOver ${budgetKiB} KiB:\n${over.join("\n")}` : `\nEvery page within ${budgetKiB} KiB.`);
    if (SMOKE) assertFigures("bench:script", figures);
  } finally {
    await browser.close();
    await stopAndWait(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
