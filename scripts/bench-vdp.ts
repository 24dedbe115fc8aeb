/**
 * npm run bench:vdp: a load run of the vehicle detail page (/cars/{slug}) against the production
 * server (issue 5, Speed): autocannon, 50 connections for 20 s, once for a cached page (the same
 * car every request: its car lookup and similar cars come from the per-car data cache) and once
 * for uncached pages (a different car on every request, rotating through the dealer's cars),
 * printing requests per second and p99 latency for each. A benchmark, not a test.
 *
 * It starts `next start` on a free port itself (it needs an existing `next build`; it refuses to
 * run without one and never uses a dev server) and stops it afterwards.
 *
 * Usage: npm run bench:vdp [-- --site=sunshine-chery] [--connections=50] [--duration=20] [--fresh-cache]
 *   --fresh-cache  empties Next's data cache (.next/cache/fetch-cache) before the server starts, so
 *                  the uncached run does not meet entries left by an earlier run (they are served
 *                  stale and refreshed in the background, which flatters the uncached figure).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import http from "node:http";
import net from "node:net";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: AutocannonRequest[]; timeout?: number }) => Promise<AutocannonResult>;

// autocannon ships no types: loaded through require with the small interface above.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = path.resolve(import.meta.dirname, "..");
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SITE = arg("site") ?? "sunshine-chery";
const CONNECTIONS = Number(arg("connections") ?? 50);
const DURATION = Number(arg("duration") ?? 20);
const HOST = `${SITE}.localhost`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function request(port: number, method: string, urlPath: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, method, headers: { host: HOST, ...(body ? { "content-type": "text/plain" } : {}) } }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (data += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The dealer's in-stock car slugs through its own search API (so its base filter applies). */
async function carSlugs(port: number, max = 2000): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 0; slugs.length < max; page++) {
    const params = new URLSearchParams({ filters: "status:in_stock", hitsPerPage: "500", page: String(page), attributesToRetrieve: JSON.stringify(["slug"]) }).toString();
    const res = await request(port, "POST", "/api/search/1/indexes/Car_production/query", JSON.stringify({ params }));
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.body.slice(0, 200)}`);
    const data = JSON.parse(res.body) as { hits: Array<{ slug?: string }>; nbPages?: number };
    for (const h of data.hits) if (typeof h.slug === "string") slugs.push(h.slug);
    if (!data.hits.length || page + 1 >= (data.nbPages ?? 1)) break;
  }
  return slugs;
}

async function waitForServer(port: number, server: ChildProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    try {
      await request(port, "GET", "/robots.txt");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error("the server did not answer within 60 s");
}

function stop(server: ChildProcess) {
  // The server runs in its own process group (npx → next start → next-server): end that group only.
  if (server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
  }
}

function report(label: string, r: AutocannonResult, extra = ""): string {
  const ok = r["2xx"];
  const bad = r.non2xx + r.errors + r.timeouts;
  return `| ${label} | ${r.requests.average.toFixed(1)} | ${r.latency.p99} ms | ${r.latency.p50} ms | ${r.requests.total} | ${ok} | ${bad} |${extra ? ` ${extra}` : ""}`;
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` first (this benchmark never runs against a dev server)");
  if (process.argv.includes("--fresh-cache")) rmSync(path.join(root, ".next", "cache", "fetch-cache"), { recursive: true, force: true });
  const port = await freePort();
  const server = spawn("npx", ["next", "start", "-p", String(port)], { cwd: root, stdio: ["ignore", "ignore", "inherit"], detached: true, env: { ...process.env, NODE_ENV: "production" } });
  const onSignal = () => {
    stop(server);
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await waitForServer(port, server);
    const slugs = await carSlugs(port);
    if (slugs.length < 2) throw new Error(`${SITE} has ${slugs.length} car(s) in stock; pick another --site`);
    const [cachedSlug, ...others] = slugs;
    const cachedPath = `/cars/${encodeURIComponent(cachedSlug)}`;
    const first = await request(port, "GET", cachedPath);
    if (first.status !== 200) throw new Error(`GET ${cachedPath} answered ${first.status}`);
    for (let i = 0; i < 5; i++) await request(port, "GET", cachedPath); // warm the route and the car's cache entry
    console.log(`site ${SITE} (Host ${HOST}), server on port ${port}, ${CONNECTIONS} connections for ${DURATION} s per run; ${slugs.length} cars in stock`);

    // Uncached first, so the cached car's run does not warm anything the uncached run uses.
    let next = 0;
    const uncached = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: DURATION,
      timeout: 30,
      headers: { host: HOST },
      requests: [
        {
          method: "GET",
          setupRequest: (req) => ({ ...req, path: `/cars/${encodeURIComponent(others[next++ % others.length])}` }),
        },
      ],
    });
    const distinct = Math.min(next, others.length);
    const cached = await autocannon({ url: `http://127.0.0.1:${port}${cachedPath}`, connections: CONNECTIONS, duration: DURATION, timeout: 30, headers: { host: HOST } });

    console.log("\n| Run | Requests/s | p99 latency | p50 latency | Requests | 2xx | Errors/non-2xx |\n|---|---|---|---|---|---|---|");
    console.log(report(`cached: one car (${cachedPath})`, cached));
    console.log(report(`uncached: a different car per request`, uncached));
    const wrapped = uncached.requests.total > others.length;
    console.log(
      `\nUncached run: ${uncached.requests.total} completed requests; ${next} sent, to ${distinct} distinct cars` +
        (wrapped ? ` (it wrapped around: at most ${((100 * others.length) / uncached.requests.total).toFixed(0)}% of its requests were cache misses; a bigger dealer or a shorter run gives a purer figure).` : " (each car requested once: every request missed the per-car cache, unless an earlier run left an entry; see --fresh-cache)."),
    );
  } finally {
    stop(server);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
