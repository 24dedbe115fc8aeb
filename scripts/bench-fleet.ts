/**
 * npm run bench:fleet: how long a change takes to reach every process of a fleet. Three production
 * server processes (scripts/server.mjs, each with its own copy of the manifests and its own stock
 * folder, as three machines) on one PostgreSQL database, and:
 *  - publish to served: a version of a dealer is published (as `npm run manifests -- publish`
 *    does) and each process is polled until it serves it; p50 and max over every process and round;
 *  - stock change to search: a car is sold in a published stock snapshot (as `stock:import` does)
 *    and each process's search is polled until the car is no longer available; p50 and max; then
 *    how long until every process has indexed the new snapshot (the overlay's work ends there).
 *
 * Needs a PostgreSQL server: BENCH_DATABASE_URL or DATABASE_URL (a database is made for the run and
 * dropped after), and the production build (`next build`). BENCH_PORT is the first process's port.
 *
 * Usage: npm run bench:fleet [-- --rounds=N] [--smoke]
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { openDb, type Db } from "../runtime/db/index";
import { publishRenamed } from "./lib/publish-name";
import { createThrowawayDatabase, dropThrowawayDatabase } from "./lib/throwaway-database";
import { publishStockSnapshot } from "../runtime/fleet/shared-stock";
import { assertFigures, SMOKE, SMOKE_SKIPPED } from "./lib/bench-smoke";
import { freePort, startNextServer, stopAndWait, waitForServer } from "./lib/next-server";

const root = path.resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "";
const SITE = "sunshine-chery";
const COLLECTION = "bench-fleet";
const PROCESSES = 3;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const ROUNDS = Number(arg("rounds") ?? (SMOKE ? 2 : 20));
const STOCK_ROUNDS = SMOKE ? 1 : Math.max(1, Math.round(ROUNDS / 4));
/** How long a change may take before the run gives up on it (a failure, not a figure). */
const GIVE_UP_MS = 60_000;
const POLL_MS = 20;

interface Server {
  port: number;
  child: ChildProcess;
  log: string;
  stock: string;
}

function get(port: number, host: string, urlPath: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: body ? "POST" : "GET",
        agent: false,
        headers: { host, ...(body ? { "content-type": "text/plain" } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

async function search(port: number, filters: string): Promise<Array<{ id: number; slug: string }>> {
  const params = new URLSearchParams({ filters, hitsPerPage: "5" }).toString();
  const res = await get(port, `${SITE}.localhost`, "/api/search/1/indexes/Car_production/query", JSON.stringify({ params }));
  if (res.status !== 200) throw new Error(`search on ${port} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return (JSON.parse(res.text) as { hits: Array<{ id: number; slug: string }> }).hits;
}

/** Polls `check` on a server until it holds; the milliseconds since `from`. */
async function until(from: number, check: () => Promise<boolean>, what: string): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - from;
    if (performance.now() - from > GIVE_UP_MS) throw new Error(`${what}: not within ${GIVE_UP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (x: number) => `${Math.round(x)} ms`;

function startServer(port: number, env: NodeJS.ProcessEnv, tmp: string, i: number): Server {
  const manifests = mkdtempSync(path.join(tmp, `manifests-${i}-`));
  cpSync(path.join(root, "manifests"), manifests, { recursive: true });
  const stock = mkdtempSync(path.join(tmp, `stock-${i}-`));
  cpSync(path.join(root, ".data", "stock"), stock, { recursive: true });
  const log = path.join(tmp, `server-${i}.log`);
  const out = openSync(log, "a");
  const child = startNextServer(port, { env: { ...env, MANIFESTS_DIR: manifests, STOCK_DIR: stock }, stdio: ["ignore", out, out] });
  return { port, child, log, stock };
}

/** Background index builds a server has logged (runtime/inventory/stock-index.ts). */
const builds = (s: Server) => readFileSync(s.log, "utf8").match(/\[stock\] indexed \d+ vehicles from \d+ file\(s\) in the background/g)?.length ?? 0;
async function main() {
  if (!ADMIN_URL) {
    const why = "bench:fleet needs a PostgreSQL server (BENCH_DATABASE_URL or DATABASE_URL): a fleet shares one";
    if (!SMOKE) throw new Error(why);
    console.log(`${SMOKE_SKIPPED}: ${why}`);
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-fleet-"));
  const { name: dbName, url } = await createThrowawayDatabase(ADMIN_URL, "bench_fleet");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    SINGLE_PROCESS: "",
    MANIFESTS_COLLECTION: COLLECTION,
    SITE_DIRECTORY: "on",
    LEADS_OUTBOX: "off",
    FEED_SCHEDULER: "off",
  };
  const servers: Server[] = [];
  let db: Db | null = null;
  try {
    const first = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    const ports = [first];
    while (ports.length < PROCESSES) {
      const p = await freePort();
      if (!ports.includes(p)) ports.push(p);
    }
    console.log(
      `bench:fleet  ${PROCESSES} processes (ports ${ports.join(", ")}) on PostgreSQL database ${dbName}; ${ROUNDS} publishes, ${STOCK_ROUNDS} stock changes. Temp: ${tmp}`,
    );
    const t0 = performance.now();
    servers.push(...ports.map((port, i) => startServer(port, env, tmp, i)));
    await Promise.all(servers.map((s) => waitForServer(s.port, { server: s.child, path: "/readyz", timeoutMs: 240_000 })));
    await Promise.all(
      servers.map((s) => until(performance.now(), async () => (await get(s.port, "localhost", "/readyz")).status === 200, `ready on ${s.port}`)),
    );
    console.log(`  all ${PROCESSES} ready in ${ms(performance.now() - t0)}`);
    db = await openDb({ url, migrate: false });

    // Publish to served on every process.
    const publishes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const mark = `Benchmark${round}x${randomBytes(3).toString("hex")}`;
      const from = performance.now();
      await publishRenamed(db, COLLECTION, SITE, `Sunshine Chery ${mark}`, "bench:fleet");
      const took = await Promise.all(
        servers.map((s) => until(from, async () => (await get(s.port, `localhost:${s.port}`, "/")).text.includes(mark), `publish ${round} on ${s.port}`)),
      );
      publishes.push(...took);
    }

    // Stock change to search, and to indexed, on every process.
    const searched: number[] = [];
    const indexed: number[] = [];
    for (let round = 0; round < STOCK_ROUNDS; round++) {
      const [row] = await db.query<{ cars: string }>("SELECT cars FROM stock_snapshots WHERE site = $1", [SITE]);
      const cars = JSON.parse(row.cars) as Array<Record<string, unknown>>;
      const [hit] = await search(servers[0].port, "status:in_stock AND reserved:false");
      const car = cars.find((c) => c.id === hit.id)!;
      Object.assign(car, { status: "sold", sold: true, sold_date_timestamp: Math.floor(Date.now() / 1000) });
      const before = servers.map(builds);
      const from = performance.now();
      await publishStockSnapshot(db, SITE, JSON.stringify(cars), "bench:fleet");
      const took = await Promise.all(
        servers.map((s) => until(from, async () => (await search(s.port, `status:in_stock AND id = ${hit.id}`)).length === 0, `sale ${round} on ${s.port}`)),
      );
      searched.push(...took);
      const built = await Promise.all(servers.map((s, i) => until(from, async () => builds(s) > before[i], `index ${round} on ${s.port}`)));
      indexed.push(Math.max(...built));
      // Still out of search once the overlay has let go of it.
      for (const s of servers)
        if ((await search(s.port, `status:in_stock AND id = ${hit.id}`)).length) throw new Error(`car ${hit.id} is back in search on ${s.port}`);
    }

    const rows = [
      ["publish to served, every process (p50)", ms(quantile(publishes, 0.5))],
      ["publish to served, every process (max)", ms(Math.max(...publishes))],
      ["stock change to search, every process (p50)", ms(quantile(searched, 0.5))],
      ["stock change to search, every process (max)", ms(Math.max(...searched))],
      ["stock change to indexed on all processes (max)", ms(Math.max(...indexed))],
    ];
    console.log(`\n| Measure (${PROCESSES} processes, ${publishes.length} publish samples, ${searched.length} stock samples) | Time |\n|---|---|`);
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
    const load = os.loadavg()[0].toFixed(1);
    console.log(`load average ${load} on ${os.cpus().length} cores`);
    assertFigures("bench:fleet", {
      "publish p50 ms": quantile(publishes, 0.5),
      "publish max ms": Math.max(...publishes),
      "stock to search p50 ms": quantile(searched, 0.5),
      "stock to search max ms": Math.max(...searched),
      "stock to indexed max ms": Math.max(...indexed),
    });
  } finally {
    await db?.close();
    await Promise.all(servers.map((s) => stopAndWait(s.child, "SIGTERM", 15_000)));
    await dropThrowawayDatabase(ADMIN_URL, dbName).catch((e: Error) => console.error(`bench:fleet: could not drop ${dbName}: ${e.message}`));
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  console.error(`bench:fleet: ${e.message}`);
  process.exit(1);
});
