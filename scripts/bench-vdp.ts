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
 * Two reference runs put the cached figure in proportion, each printed as a ratio:
 *  - static: the cached page's very bytes and headers (same encoding) from a plain Node HTTP server
 *    in a process of its own: the limit of answering from memory;
 *  - Next's floor: a trivial Next route (`/robots.txt`) through the same production server, right
 *    after the cached run on that server.
 *
 * Each run gets a server of its own (the caches are in memory: next.config.ts), so no run warms
 * another. It starts the production server (scripts/server.mjs) on a free port (or BENCH_PORT)
 * itself (it needs an existing `next build`; it refuses to run without one and never uses a dev
 * server) and stops it afterwards. A benchmark, not a test.
 *
 * --smoke (npm test): 2 connections for 1 s per run, all runs on one server, a dozen cars; asserts
 * only that every run was answered and every figure printed (scripts/lib/bench-smoke.ts).
 *
 * Usage: npm run bench:vdp [-- --site=sunshine-chery] [--connections=50] [--duration=20] [--encoding=br] [--smoke]
 */
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import http from "node:http";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { freePort, startNextServer, stopAndWait, stopNextServer, waitForServer } from "./lib/next-server";
import { SMOKE, assertFigures } from "./lib/bench-smoke";
import { HTTP_LIMITS } from "../runtime/search/http";

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
const CONNECTIONS = Number(arg("connections") ?? (SMOKE ? 2 : 50));
const DURATION = Number(arg("duration") ?? (SMOKE ? 1 : 20));
// Cars to rotate through: the search API's reachable hits at most, a dozen in smoke mode.
const MAX_CARS = SMOKE ? 12 : HTTP_LIMITS.reachableHits;
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

/**
 * The dealer's in-stock car slugs through its own search API (so its base filter applies), a page
 * of the most hits the API answers per call at a time.
 */
async function carSlugs(port: number, max = MAX_CARS): Promise<string[]> {
  const slugs: string[] = [];
  const perPage = Math.min(HTTP_LIMITS.hitsPerPage, HTTP_LIMITS.hitsPerRequest, max);
  for (let page = 0; slugs.length < max && (page + 1) * perPage <= HTTP_LIMITS.reachableHits; page++) {
    const params = new URLSearchParams({
      filters: "status:in_stock",
      hitsPerPage: String(perPage),
      page: String(page),
      attributesToRetrieve: JSON.stringify(["slug"]),
    }).toString();
    const res = await request(port, "POST", "/api/search/1/indexes/Car_production/query", JSON.stringify({ params }));
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.body.slice(0, 200)}`);
    const data = JSON.parse(res.body) as { hits: Array<{ slug?: string }>; nbPages?: number };
    for (const h of data.hits) if (typeof h.slug === "string") slugs.push(h.slug);
    if (!data.hits.length || page + 1 >= (data.nbPages ?? 1)) break;
  }
  return slugs.slice(0, max);
}

let current: ChildProcess | undefined;
/** Smoke mode's one server, kept between runs (undefined otherwise). */
let shared: Promise<number> | undefined;

async function startServer(): Promise<number> {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  current = startNextServer(port, { stdio: ["ignore", "ignore", "inherit"] });
  await waitForServer(port, { server: current, host: HOST, path: "/robots.txt", timeoutMs: SMOKE ? 180_000 : 60_000 });
  return port;
}

/**
 * Runs `fn` against a server of its own (empty in-memory caches), started and stopped here. In
 * smoke mode every run shares one server (its start-up is most of a smoke run's time).
 */
async function withFreshServer<T>(fn: (port: number) => Promise<T>): Promise<T> {
  if (SMOKE) return fn(await (shared ??= startServer()));
  try {
    return await fn(await startServer());
  } finally {
    // Wait for it to exit: the next run's server would otherwise find the embedded database still locked.
    await stopAndWait(current);
  }
}

/** The response to GET `urlPath` as sent (still compressed), with its headers. */
function rawGet(port: number, urlPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, headers: REQUEST_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

// The static reference: a plain Node HTTP server answering every request with one file's bytes and
// fixed headers, in a process of its own so it does not share an event loop with autocannon.
const STATIC_SERVER = `
import http from "node:http";
import { readFileSync } from "node:fs";
const [bodyFile, headersFile] = process.argv.slice(1);
const body = readFileSync(bodyFile);
const headers = { ...JSON.parse(readFileSync(headersFile, "utf8")), "content-length": body.length };
const server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

/** Requests per second from a static server of the cached page's very bytes and headers. */
async function staticRun(page: { headers: http.IncomingHttpHeaders; body: Buffer }) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-vdp-"));
  const headers = Object.fromEntries(
    Object.entries(page.headers).filter(([k]) => !["connection", "keep-alive", "transfer-encoding", "date", "content-length"].includes(k)),
  );
  writeFileSync(path.join(dir, "body"), page.body);
  writeFileSync(path.join(dir, "headers.json"), JSON.stringify(headers));
  const child = spawn(process.execPath, ["--input-type=module", "-e", STATIC_SERVER, path.join(dir, "body"), path.join(dir, "headers.json")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const exited = once(child, "exit").then(() => Promise.reject(new Error("the static server exited before listening")));
    exited.catch(() => {}); // once the server listens, its exit at the end is expected
    const [line] = (await Promise.race([once(child.stdout!, "data"), exited])) as [Buffer];
    const port = Number(line.toString().trim());
    return await autocannon({ url: `http://127.0.0.1:${port}/`, connections: CONNECTIONS, duration: DURATION, timeout: 30, headers: REQUEST_HEADERS });
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
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
  console.log(
    `site ${SITE} (Host ${HOST}), ${CONNECTIONS} connections for ${DURATION} s per run, ${SMOKE ? "one server for every run (smoke)" : "a fresh server per run"}; ${slugs.length} cars in stock (at most ${MAX_CARS} asked for)`,
  );

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
    const warm = await rawGet(port, cachedPath);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${cachedPath}`,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      headers: REQUEST_HEADERS,
    });
    // Counting headers during the run would make autocannon buffer every body; a sample before and after says the same.
    const after = await request(port, "GET", cachedPath);
    // The static reference serves the bytes hits were getting by the end of the run (the server's
    // store keeps its own brotli form, made once after the first response).
    const served = await rawGet(port, cachedPath);
    // Next's floor: a trivial route through the same server, right after.
    const floor = await autocannon({
      url: `http://127.0.0.1:${port}/robots.txt`,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      headers: REQUEST_HEADERS,
    });
    return { result, floor, page: served, counts: `first ${first.cache}, then ${String(warm.headers["x-nextjs-cache"] ?? "none")} … ${after.cache}` };
  });
  if (SMOKE) await stopAndWait(current);
  const staticResult = await staticRun(cached.page);

  console.log("\n| Run | Requests/s | p99 latency | p50 latency | Requests | 2xx | Errors/non-2xx | x-nextjs-cache |\n|---|---|---|---|---|---|---|---|");
  console.log(report(`cached: one car (${cachedPath})`, cached.result, cached.counts));
  console.log(report(`uncached: a different car per request, rendered (query string)`, uncached.result, countsText(uncached.counts)));
  console.log(report(`first visits: a different car per request, through the page cache`, firstVisits.result, countsText(firstVisits.counts)));
  console.log(report(`static: the cached page's bytes from a plain Node server`, staticResult, `${cached.page.body.length} bytes`));
  console.log(report(`Next's floor: /robots.txt through the same server`, cached.floor, "n/a"));
  const cachedRps = cached.result.requests.average;
  const toStatic = cachedRps / staticResult.requests.average;
  const toFloor = cachedRps / cached.floor.requests.average;
  console.log(
    `\nCached vehicle page: ${cachedRps.toFixed(1)} requests/s, ${toStatic.toFixed(2)}× the static server of the same bytes (${staticResult.requests.average.toFixed(1)}) and ${toFloor.toFixed(2)}× Next's floor, /robots.txt (${cached.floor.requests.average.toFixed(1)}).`,
  );
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
  if (SMOKE) {
    for (const [label, r] of [
      ["cached", cached.result],
      ["uncached", uncached.result],
      ["first visits", firstVisits.result],
      ["static", staticResult],
      ["robots.txt", cached.floor],
    ] as const)
      if (!r["2xx"]) throw new Error(`the ${label} run got no 200 answer (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`);
    assertFigures("bench:vdp", {
      "cached requests/s": cachedRps,
      "uncached requests/s": uncached.result.requests.average,
      "first-visit requests/s": firstVisits.result.requests.average,
      "static requests/s": staticResult.requests.average,
      "robots.txt requests/s": cached.floor.requests.average,
      "ratio to static": toStatic,
      "ratio to Next's floor": toFloor,
    });
  }
}

main().catch((e) => {
  stopNextServer(current);
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
