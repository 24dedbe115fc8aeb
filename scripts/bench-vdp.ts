/**
 * npm run bench:vdp: a load run of the vehicle detail page (/cars/{slug}) against the production
 * server: autocannon, 50 connections for 20 s per run, printing requests per
 * second, p99 latency and what Next's page cache answered (x-nextjs-cache) for each run:
 *
 *  - cached: one car every request, after a warm-up: the rendered page from the page cache
 *    (runtime/page-cache), no render;
 *  - uncached: a different car on every request (rotating through the dealer's cars) with a query
 *    string, which the page cache never serves (runtime/page-cache/cacheable.ts), so every
 *    request renders the page, as every request did before the page cache;
 *  - first visits: a different car on every request without a query string: each car's first
 *    request renders and stores its page (MISS); once the rotation wraps, its pages are HITs.
 *
 * Each run gets a server of its own (the caches are in memory: next.config.ts), so no run warms
 * another. It starts the production server (scripts/server.mjs) on a free port itself (it needs an existing `next build`; it
 * refuses to run without one and never uses a dev server) and stops it afterwards.
 * A benchmark, not a test.
 *
 * Usage: npm run bench:vdp [-- --site=sunshine-chery] [--connections=50] [--duration=20] [--encoding=br]
 */
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import http from "node:http";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort, startNextServer, stopAndWait, stopNextServer, waitForServer } from "./lib/next-server";

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  timeout?: number;
}) => Promise<AutocannonResult>;

// autocannon ships no types: loaded through require with the small interface above.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SITE = arg("site") ?? "sunshine-chery";
const CONNECTIONS = Number(arg("connections") ?? 50);
const DURATION = Number(arg("duration") ?? 20);
const HOST = `${SITE}.localhost`;
// --encoding=br (or gzip): ask for compressed pages, as browsers do (the server compresses each
// response); without it the pages come uncompressed, which measures rendering and caching alone.
const ENCODING = arg("encoding");
const REQUEST_HEADERS: Record<string, string> = { host: HOST, ...(ENCODING ? { "accept-encoding": ENCODING } : {}) };

function request(port: number, method: string, urlPath: string, body?: string): Promise<{ status: number; body: string; cache: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: urlPath, method, headers: { host: HOST, ...(body ? { "content-type": "text/plain" } : {}) } },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data, cache: String(res.headers["x-nextjs-cache"] ?? "none") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The dealer's in-stock car slugs through its own search API (so its base filter applies). */
async function carSlugs(port: number, max = 2000): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 0; slugs.length < max; page++) {
    const params = new URLSearchParams({
      filters: "status:in_stock",
      hitsPerPage: "500",
      page: String(page),
      attributesToRetrieve: JSON.stringify(["slug"]),
    }).toString();
    const res = await request(port, "POST", "/api/search/1/indexes/Car_production/query", JSON.stringify({ params }));
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.body.slice(0, 200)}`);
    const data = JSON.parse(res.body) as { hits: Array<{ slug?: string }>; nbPages?: number };
    for (const h of data.hits) if (typeof h.slug === "string") slugs.push(h.slug);
    if (!data.hits.length || page + 1 >= (data.nbPages ?? 1)) break;
  }
  return slugs;
}

let current: ChildProcess | undefined;

/** Runs `fn` against a server of its own (empty in-memory caches), started and stopped here. */
async function withFreshServer<T>(fn: (port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  current = startNextServer(port, { stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitForServer(port, { server: current, host: HOST, path: "/robots.txt", timeoutMs: 60_000 });
    return await fn(port);
  } finally {
    // Wait for it to exit: the next run's server would otherwise find the embedded database still locked.
    await stopAndWait(current);
  }
}

type CacheCounts = Record<string, number>;
const countsText = (c: CacheCounts) =>
  Object.entries(c)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");

function report(label: string, r: AutocannonResult, counts: string): string {
  const bad = r.non2xx + r.errors + r.timeouts;
  return `| ${label} | ${r.requests.average.toFixed(1)} | ${r.latency.p99} ms | ${r.latency.p50} ms | ${r.requests.total} | ${r["2xx"]} | ${bad} | ${counts} |`;
}

/** A run through a rotation of cars, counting what x-nextjs-cache said (absent: rendered per request). */
async function rotation(port: number, cars: string[], query: (n: number) => string) {
  let sent = 0;
  const counts: CacheCounts = {};
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
    headers: REQUEST_HEADERS,
    requests: [
      {
        method: "GET",
        setupRequest: (req) => {
          const n = sent++;
          return { ...req, path: `/cars/${encodeURIComponent(cars[n % cars.length])}${query(n)}` };
        },
        onResponse: (_status, _body, _context, headers) => {
          const value = String(Object.entries(headers).find(([k]) => k.toLowerCase() === "x-nextjs-cache")?.[1] ?? "rendered per request");
          counts[value] = (counts[value] ?? 0) + 1;
        },
      },
    ],
  });
  return { result, counts, distinct: Math.min(sent, cars.length) };
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npx next build` first (this benchmark never runs against a dev server)");
  const onSignal = () => {
    stopNextServer(current);
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const slugs = await withFreshServer((port) => carSlugs(port));
  if (slugs.length < 3) throw new Error(`${SITE} has ${slugs.length} car(s) in stock; pick another --site`);
  const [cachedSlug, warmSlug, ...others] = slugs;
  const cachedPath = `/cars/${encodeURIComponent(cachedSlug)}`;
  console.log(`site ${SITE} (Host ${HOST}), ${CONNECTIONS} connections for ${DURATION} s per run, a fresh server per run; ${slugs.length} cars in stock`);

  // The route's code is loaded and the stock indexed on another car, so the runs measure pages, not start-up.
  const warmRoute = async (port: number) => {
    for (let i = 0; i < 3; i++) await request(port, "GET", `/cars/${encodeURIComponent(warmSlug)}?warm=${i}`);
    await request(port, "GET", `/cars/${encodeURIComponent(warmSlug)}`);
  };

  const uncached = await withFreshServer(async (port) => {
    await warmRoute(port);
    return rotation(port, others, (n) => `?bench=${n}`);
  });
  const firstVisits = await withFreshServer(async (port) => {
    await warmRoute(port);
    return rotation(port, others, () => "");
  });
  const cached = await withFreshServer(async (port) => {
    await warmRoute(port);
    const first = await request(port, "GET", cachedPath);
    if (first.status !== 200) throw new Error(`GET ${cachedPath} answered ${first.status}`);
    const warm = await request(port, "GET", cachedPath);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${cachedPath}`,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      headers: REQUEST_HEADERS,
    });
    // Counting headers during the run would make autocannon buffer every body; a sample before and after says the same.
    const after = await request(port, "GET", cachedPath);
    return { result, counts: `first ${first.cache}, then ${warm.cache} … ${after.cache}` };
  });

  console.log("\n| Run | Requests/s | p99 latency | p50 latency | Requests | 2xx | Errors/non-2xx | x-nextjs-cache |\n|---|---|---|---|---|---|---|---|");
  console.log(report(`cached: one car (${cachedPath})`, cached.result, cached.counts));
  console.log(report(`uncached: a different car per request, rendered (query string)`, uncached.result, countsText(uncached.counts)));
  console.log(report(`first visits: a different car per request, through the page cache`, firstVisits.result, countsText(firstVisits.counts)));
  for (const [label, run, already] of [
    ["Uncached", uncached, "their data (car, similar cars) cached, the page still rendered"],
    ["First-visits", firstVisits, "their page cached"],
  ] as const) {
    const total = run.result.requests.total;
    const wrapped = total > others.length;
    console.log(
      `${label} run: ${total} completed requests to ${run.distinct} distinct cars` +
        (wrapped ? ` (it wrapped around: requests after the first ${others.length} found ${already}).` : " (each car requested once)."),
    );
  }
}

main().catch((e) => {
  stopNextServer(current);
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
