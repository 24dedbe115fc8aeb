/**
 * npm run bench: per sample dealer page, the first-load JavaScript (gzip) and a Lighthouse
 * mobile run in Debian's chromium, against the production build. A benchmark, not a test:
 * the figures go to docs/performance.md.
 * Usage: npm run bench [-- --paths=/,/about-us] [--sites=sunshine-chery] [--runs=3] [--no-lighthouse] [--save=dir]
 * By default every page type: home, search, offers, vehicle (used and new), finance, contact, a
 * location page, the dealer locator, a model page, brands, sign-in, compare, a content page, book a test
 * drive, the checkout and its journey (scripts/lib/page-types.ts); a path a dealer does not serve (not 200) is skipped.
 * --runs: Lighthouse runs per page; the run with the median performance score is reported (the
 *   practice Lighthouse recommends: one run on a shared 2-core machine varies by 10 points).
 * --save: writes each reported Lighthouse report as JSON, for digging into LCP and network timing.
 * --smoke (npm test): the first sample dealer's home page, one Lighthouse run; asserts only that
 *   the page was measured and its figures produced (scripts/lib/bench-smoke.ts), no score judged.
 */
import { gzipSync } from "node:zlib";
import { readdirSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "./lib/chromium";
import { startNextServer, stopNextServer, waitForServer } from "./lib/next-server";
import { LOADER_GLOBAL } from "../runtime/http/after-paint-scripts.mjs";
import { SMOKE, assertFigures } from "./lib/bench-smoke";
import { PAGE_TYPES, request, servedPages, waitForBuiltAssets } from "./lib/page-types";

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const root = path.resolve(import.meta.dirname, "..");
const argPaths =
  process.argv
    .find((a) => a.startsWith("--paths="))
    ?.slice(8)
    .split(",") ?? (SMOKE ? ["/"] : Object.keys(PAGE_TYPES));
const withLighthouse = !process.argv.includes("--no-lighthouse");
const onlySites = process.argv
  .find((a) => a.startsWith("--sites="))
  ?.slice(8)
  .split(",");
const saveDir = process.argv.find((a) => a.startsWith("--save="))?.slice(7);
const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1));
const slugs = readdirSync(path.join(root, "manifests"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .filter((s) => !onlySites || onlySites.includes(s))
  .slice(0, SMOKE && !onlySites ? 1 : undefined);

const get = (host: string, urlPath: string) => request(PORT, "GET", host, urlPath);

/**
 * First-load JavaScript (what Next 16 no longer prints): the gzip sizes of every script file the
 * HTML loads or preloads (directly or through the after-paint loader) (next/dynamic chunks of server-rendered components are preloaded),
 * and separately the inline RSC payload (data for hydration, not code). `html` is the page's HTML.
 */
async function firstLoadJs(host: string, html: string): Promise<{ files: number; inline: number }> {
  const srcs = new Set(
    [
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]*>/g),
      // The production server hands the framework's scripts to its after-paint loader.
      ...html.matchAll(new RegExp(`self\\.${LOADER_GLOBAL}\\("([^"]+)"`, "g")),
    ]
      .map((m) => m[1])
      .filter((s) => s.startsWith("/_next/")),
  );
  let files = 0;
  for (const src of srcs) files += gzipSync((await get(host, src)).body, { level: 9 }).length;
  let inline = 0;
  for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) if (!m[1].includes(LOADER_GLOBAL)) inline += gzipSync(Buffer.from(m[1])).length;
  return { files, inline };
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` (or npm start) first");
  // The machine's load beside the figures: a shared 2-core box moves Total Blocking Time a lot.
  const loadAverage = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  const loadAtStart = loadAverage();
  const server = startNextServer(PORT);
  try {
    await waitForServer(PORT, { server });
    const assets = await waitForBuiltAssets(PORT);
    if (assets.ready < assets.total) console.log(`${assets.total - assets.ready} of ${assets.total} built assets not precompressed yet`);
    const chrome = withLighthouse
      ? await chromeLauncher.launch({
          chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
          chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
        })
      : null;
    const rows: string[] = [];
    const figures: Record<string, number> = {};
    // Each page asked for once first (servedPages), then its main picture, so Lighthouse measures
    // the page, not a route's first render or the picture's (in production a CDN holds the pictures).
    for await (const { slug, host, wanted, path: p, first } of servedPages(PORT, slugs, argPaths)) {
      const warm = first.body.toString("utf8");
      for (const m of warm.matchAll(/<img[^>]+fetchpriority="high"[^>]*>/g)) {
        const src = /\ssrc="([^"]+)"/.exec(m[0])?.[1]?.replaceAll("&amp;", "&");
        if (src) await get(host, src.replace(/^https?:\/\/[^/]+/, ""));
        for (const candidate of /srcset="([^"]+)"/.exec(m[0])?.[1]?.split(",") ?? [])
          await get(host, candidate.trim().split(/\s+/)[0].replaceAll("&amp;", "&"));
      }
      const js = await firstLoadJs(host, warm);
      let scores = "n/a | n/a | n/a | n/a | n/a | n/a | n/a";
      let loadedJs = NaN;
      if (chrome) {
        const reports = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(`http://${host}${p}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "seo", "best-practices"],
            formFactor: "mobile",
          });
          reports.push(result!.lhr);
        }
        reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const lhr = reports[Math.floor(reports.length / 2)];
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          writeFileSync(path.join(saveDir, `${slug}${p.replace(/[^a-z0-9]+/gi, "_")}.json`), JSON.stringify(lhr));
        }
        const cat = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
        const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
        // What the browser actually fetched, next/dynamic chunks of rendered components included.
        const requests =
          (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number; url?: string }[] } | undefined)?.items ?? [];
        loadedJs = requests.filter((r) => r.resourceType === "Script" && r.url?.includes("/_next/")).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
        Object.assign(figures, {
          [`${p} performance`]: cat("performance"),
          [`${p} LCP s`]: num("largest-contentful-paint") / 1000,
          [`${p} JS loaded KiB`]: loadedJs / 1024,
        });
        scores = `${cat("performance")} | ${cat("accessibility")} | ${cat("seo")} | ${cat("best-practices")} | ${(num("largest-contentful-paint") / 1000).toFixed(2)} s | ${Math.round(num("total-blocking-time"))} ms | ${num("cumulative-layout-shift").toFixed(3)}`;
      }
      const row = `| ${PAGE_TYPES[wanted] ?? "page"} | ${slug} | ${p} | ${(js.files / 1024).toFixed(1)} KiB | ${Number.isNaN(loadedJs) ? "n/a" : (loadedJs / 1024).toFixed(1) + " KiB"} | ${(js.inline / 1024).toFixed(1)} KiB | ${scores} |`;
      rows.push(row);
      Object.assign(figures, { [`${p} JS in the HTML KiB`]: js.files / 1024, [`${p} inline RSC KiB`]: js.inline / 1024 });
      console.log(row);
    }
    await chrome?.kill();
    console.log(
      `\n${chrome ? `The run with the median performance score of ${runs} per page; ` : ""}load average (1, 5, 15 min) ${loadAtStart} at the start, ${loadAverage()} at the end.`,
    );
    console.log(
      "\n| Page type | Site | Path | JS in the HTML (gzip) | JS loaded by the page (transfer) | Inline RSC payload (gzip) | Performance | Accessibility | SEO | Best practices | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n" +
        rows.join("\n"),
    );
    if (SMOKE) assertFigures("bench", figures);
  } finally {
    stopNextServer(server);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
