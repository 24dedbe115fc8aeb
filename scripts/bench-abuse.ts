/**
 * npm run bench:abuse: replays the abuse cases an attacker's probe found against the production server
 * (scripts/server.mjs over the production build: `npx next build` first) and prints, per case,
 * the answers' status counts, then the server's resident memory before and after.
 * Target: every abusive request answered 4xx (the honeypot and ignored headers answer as for
 * anyone, by design), no 5xx, under 100 MB of growth. Figures: docs/reliability.md.
 *
 * Options (env): BENCH_PORT (3420). The server gets a fresh embedded database and the default limits.
 */
import http from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startNextServer, stopAndWait, waitForServer } from "./lib/next-server";

const PORT = Number(process.env.BENCH_PORT ?? 3420);
const HOST = "sunshine-chery.localhost";
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

interface Req {
  method?: string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

function send(r: Req): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: "127.0.0.1", port: PORT, method: r.method ?? "GET", path: r.path, agent, headers: { host: r.host ?? HOST, ...r.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, body: "" }));
      },
    );
    // A refused body may be cut off by the server: that is an answer, not an error.
    req.on("error", () => resolve({ status: -1, body: "" }));
    req.end(r.body);
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

async function run(requests: Req[], concurrency = 8): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const r = requests[next++];
        const { status } = await send(r);
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    }),
  );
  return counts;
}

const json = { "content-type": "application/json" };
const junkLead = (i: number) => JSON.stringify({ form: "enquiry", name: `junk ${i}`, email: "not-an-email" });

interface AbuseCase {
  name: string;
  expect: string;
  requests: Req[];
  /** Whether an answer with this status counts as answering abuse (to be refused with a 4xx). */
  abusive: (status: number) => boolean;
}

/** The abusive (and a few ordinary) request batches, aimed at the car `slug`. */
function abuseCases(slug: string): AbuseCase[] {
  return [...inputCases(), ...hostAndRateCases(slug)];
}

/** Cases on request contents: oversized searches, bad lead fields, undecodable paths, odd headers. */
function inputCases(): AbuseCase[] {
  const bigSearch = JSON.stringify({ requests: Array.from({ length: 10 }, () => ({ indexName: "Car_production", hitsPerPage: 1000 })) });
  return [
    {
      name: "search: 10 queries × 1,000 hits (884 B → 187 MB before)",
      expect: "400",
      requests: Array.from({ length: 200 }, () => ({
        method: "POST",
        path: "/api/search/1/indexes/*/queries",
        headers: { "content-type": "text/plain" },
        body: bigSearch,
      })),
      abusive: () => true,
    },
    {
      name: "honeypot lead_id with newline, NUL, non-Latin-1",
      expect: "no 5xx (fake success by design)",
      requests: ["a\nb", "a\u0000b", "日本"].map((id) => ({
        method: "POST",
        path: "/api/leads",
        headers: json,
        body: JSON.stringify({ company_url: "x", lead_id: id }),
      })),
      abusive: (s) => s >= 500,
    },
    {
      name: "NUL in a lead field",
      expect: "400",
      requests: Array.from({ length: 5 }, () => ({
        method: "POST",
        path: "/api/leads",
        headers: json,
        body: JSON.stringify({ form: "enquiry", name: "a\u0000" }),
      })),
      abusive: () => true,
    },
    {
      name: "leads: junk posts rotating X-Forwarded-For",
      expect: "400, then 429 once the client's 10 a minute are spent",
      requests: Array.from({ length: 60 }, (_, i) => ({
        method: "POST",
        path: "/api/leads",
        headers: { ...json, "x-forwarded-for": `198.51.100.${i}` },
        body: junkLead(i),
      })),
      abusive: () => true,
    },
    {
      name: "undecodable paths",
      expect: "400",
      requests: Array.from({ length: 400 }, (_, i) => ({ path: ["/%ff", "/cars/%ZZ", `/api/cars/%ZZ/view.json`, "/api/search/1/indexes/%ZZ/query"][i % 4] })),
      abusive: () => true,
    },
    {
      name: "X-Forwarded-Proto 'https, http' on the directory",
      expect: "no 5xx (ignored: no trusted proxy)",
      requests: Array.from({ length: 50 }, () => ({ path: "/", host: "localhost", headers: { "x-forwarded-proto": "https, http" } })),
      abusive: (s) => s >= 500,
    },
  ];
}

/** Cases on hosts, address length, origin, view counting and body size. */
function hostAndRateCases(slug: string): AbuseCase[] {
  return [
    {
      name: "vehicle page on made-up ports (cache key flood)",
      expect: "421",
      requests: Array.from({ length: 700 }, (_, i) => ({ path: `/cars/${slug}`, host: `${HOST}:${10_000 + i}` })),
      abusive: () => true,
    },
    {
      name: "images API on unknown hosts",
      expect: "404",
      requests: Array.from({ length: 100 }, (_, i) => ({ path: "/api/images/vehicle/suv/red/front-34.webp?w=320&q=60", host: `unknown-${i}.example` })),
      abusive: () => true,
    },
    {
      name: "long slugs (10 KB)",
      expect: "400 (addresses over 4 KB)",
      requests: Array.from({ length: 100 }, (_, i) => ({ path: `/cars/${"x".repeat(10_000)}${i}` })),
      abusive: () => true,
    },
    {
      name: "cross-site text/plain lead post",
      expect: "403",
      requests: Array.from({ length: 30 }, () => ({
        method: "POST",
        path: "/api/leads",
        headers: { "content-type": "text/plain", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        body: junkLead(0),
      })),
      abusive: () => true,
    },
    {
      name: "view count inflation (one visitor, 50 views)",
      expect: "200, counted once",
      requests: Array.from({ length: 50 }, () => ({ path: `/api/cars/${slug}/view.json` })),
      abusive: () => false,
    },
    {
      name: "view count past the client's rate (100 more)",
      expect: "429 after 60 a minute",
      requests: Array.from({ length: 100 }, () => ({ path: `/api/cars/${slug}/view.json`, headers: { "user-agent": "bench" } })),
      abusive: (s) => s !== 200,
    },
    {
      name: "lead bodies of 1 to 30 MB",
      expect: "413 or 429",
      requests: [1, 5, 10, 30].map((mb) => ({ method: "POST", path: "/api/leads", headers: json, body: Buffer.alloc(mb * 1024 * 1024, 0x61) })),
      abusive: () => true,
    },
  ];
}

/**
 * Sends each case's requests and prints the statuses. `failed` when a 5xx came back or an abusive
 * request that should have been refused was not.
 */
async function runCases(cases: AbuseCase[], viewsOf: (agent: string) => Promise<number | undefined>) {
  let failed = false;
  let abusive = 0;
  let refused = 0;
  for (const c of cases) {
    const counts = await run(c.requests);
    const summary = [...counts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    console.log(`${c.name}: ${summary} (expected ${c.expect})`);
    if (c.name.startsWith("view count inflation")) {
      const one = await viewsOf("");
      const other = await viewsOf("another visitor");
      console.log(`  views now ${one}; after a second visitor ${other}`);
    }
    for (const [s, n] of counts) {
      if (s >= 500) failed = true;
      if (c.abusive(s)) {
        abusive += n;
        if (s >= 400 && s < 500) refused += n;
        else if (c.expect.match(/^\d|^4/)) failed = true;
      }
    }
  }
  return { abusive, refused, failed };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-abuse-"));
  const server = startNextServer(PORT, { env: { ...process.env, PGLITE_DIR: path.join(dir, "db"), SITE_DIRECTORY: "on", LEADS_OUTBOX: "off" } });
  let failed = false;
  try {
    await waitForServer(PORT, { server, timeoutMs: 120_000 });
    const search = await send({
      method: "POST",
      path: "/api/search/1/indexes/Car_production/query",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ hitsPerPage: 1, filters: "status:in_stock" }),
    });
    const slug = (JSON.parse(search.body) as { hits: Array<{ slug: string }> }).hits[0].slug;
    // Warm: the pages and APIs the cases touch, so "before" is a working server.
    for (const p of ["/", "/search", `/cars/${slug}`, `/api/cars/${slug}/view.json`]) await send({ path: p });
    const before = rssMb(server.pid!);

    const cases = abuseCases(slug);

    const viewsOf = async (agent: string) =>
      (JSON.parse((await send({ path: `/api/cars/${slug}/view.json`, headers: { "user-agent": agent } })).body) as { views?: number }).views;
    const result = await runCases(cases, viewsOf);
    const { abusive, refused } = result;
    if (result.failed) failed = true;
    const after = rssMb(server.pid!);
    console.log(`\nabusive requests answered 4xx: ${refused} of ${abusive}`);
    console.log(`server RSS: ${before} MB before, ${after} MB after (${after - before >= 0 ? "+" : ""}${after - before} MB; target under +100 MB)`);
    if (after - before > 100) failed = true;
  } finally {
    await stopAndWait(server);
  }
  if (failed) {
    console.error("bench:abuse: a target was missed");
    process.exit(1);
  }
}

await main();
