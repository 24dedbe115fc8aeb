/**
 * npm run bench:leads: the lead pipeline's reliability benchmark, not a timed test.
 *
 * Against the production build (`npx next build` first): starts the production server (scripts/server.mjs) with PGLITE_DIR in a
 * temp folder and the lead webhooks (LEADS_WEBHOOK_URL, and the platform fallback
 * LEADS_FALLBACK_WEBHOOK_URL for dealers without destinations) pointing at a local receiver that
 * refuses a third of deliveries (503). Sends 1,000 submissions, 50 at a time, spread over the
 * sample dealers through Host headers; each is sent, then retried once with the same
 * Idempotency-Key, and retried again until acknowledged while the server is down. Half-way the
 * server is killed with SIGKILL and restarted. At the end it waits for the outbox to drain, stops
 * the server, counts the database and prints:
 *   submitted, acknowledged, stored, delivered, duplicated
 * acknowledged, stored and delivered must be equal and duplicated 0. "redelivered" counts
 * deliveries repeated with the same Idempotency-Key (a crash between the receiver's 200 and the
 * outbox update), which a receiver recognises by that key.
 *
 * Options (env): BENCH_PORT (3410), BENCH_TOTAL (1000), BENCH_CONCURRENCY (50), BENCH_KILL_AT
 * (half of BENCH_TOTAL), BENCH_DRAIN_TIMEOUT_MS (180000), BENCH_KEEP=1 keeps the temp folder.
 * --smoke (npm test): 6 submissions, 3 at a time, and no kill (a restart would double the run's
 * time; BENCH_KILL_AT brings it back); the counts are still checked, and the figures asserted
 * (scripts/lib/bench-smoke.ts).
 */
import type { ChildProcess } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { startNextServer, stopAndWait, waitForServer } from "./lib/next-server";
import { SMOKE, assertFigures } from "./lib/bench-smoke";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const TOTAL = Number(process.env.BENCH_TOTAL ?? (SMOKE ? 6 : 1000));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (SMOKE ? 3 : 50));
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? (SMOKE ? Infinity : Math.floor(TOTAL / 2)));
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_MS ?? (SMOKE ? 60_000 : 180_000));
const SECRET = "bench-secret";
const RUN = Date.now().toString(36);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- sample dealers ------------------------------------------------------------------------

interface Dealer {
  slug: string;
  locationId: number;
}

function sampleDealers(): Dealer[] {
  const dir = path.join(root, "manifests");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => {
      const m = JSON.parse(readFileSync(path.join(dir, f), "utf8"));
      const dests: Array<{ url?: string }> = m.forms?.destinations ?? [];
      const elsewhere = dests.filter((d) => !String(d.url ?? "").includes("LEADS_WEBHOOK_URL"));
      if (elsewhere.length) console.warn(`note: ${m.slug} has destinations not using LEADS_WEBHOOK_URL; those deliveries will not reach the bench receiver`);
      return { slug: m.slug as string, locationId: m.locations?.[0]?.id as number };
    })
    .filter((d) => d.slug && d.locationId);
}

// ---- the webhook receiver ------------------------------------------------------------------

interface Receiver {
  url: string;
  /** accepted deliveries per Idempotency-Key */
  accepted: Map<string, number>;
  /** lead ids accepted per bench submission number */
  leadsBySubmission: Map<number, Set<string>>;
  refused: number;
  badSignatures: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: "", accepted: new Map(), leadsBySubmission: new Map(), refused: 0, badSignatures: 0, close: async () => {} };
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (n++ % 3 === 2) {
        r.refused++;
        res.writeHead(503).end();
        return;
      }
      const expected = Buffer.from("sha256=" + createHmac("sha256", SECRET).update(body).digest("hex"));
      const got = Buffer.from(String(req.headers["x-signature"] ?? ""));
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
        r.badSignatures++;
        res.writeHead(401).end();
        return;
      }
      const key = String(req.headers["idempotency-key"] ?? "");
      r.accepted.set(key, (r.accepted.get(key) ?? 0) + 1);
      try {
        const lead = JSON.parse(body) as { lead_id: string; fields?: { message?: string } };
        const m = /bench-[a-z0-9]+ #(\d+)/.exec(lead.fields?.message ?? "");
        if (m) {
          const set = r.leadsBySubmission.get(Number(m[1])) ?? new Set<string>();
          set.add(lead.lead_id);
          r.leadsBySubmission.set(Number(m[1]), set);
        }
      } catch {
        /* ADF bodies are counted by key only */
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  r.close = () => new Promise<void>((ok) => server.close(() => ok()));
  return r;
}

// ---- the server ----------------------------------------------------------------------------

function startServer(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = openSync(logFile, "a");
  return startNextServer(PORT, { env, stdio: ["ignore", out, out] });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(
  method: string,
  host: string,
  urlPath: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path: urlPath, method, agent, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

async function waitReady(server: ChildProcess, host: string): Promise<void> {
  try {
    await waitForServer(PORT, { server, host, path: "/api/manufacturer-locations", timeoutMs: 60_000 });
  } catch (e) {
    throw new Error(`the server did not start (see the log in the temp folder): ${(e as Error).message}`);
  }
}

// ---- the run -------------------------------------------------------------------------------

/** The server's environment: a fresh PGlite, both webhooks at the receiver, fast retries, no rate limit. */
function benchEnv(pgliteDir: string, receiverUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: "",
    PGLITE_DIR: pgliteDir,
    LEADS_WEBHOOK_URL: receiverUrl,
    LEADS_WEBHOOK_SECRET: SECRET,
    LEADS_FALLBACK_WEBHOOK_URL: receiverUrl,
    LEADS_FALLBACK_WEBHOOK_SECRET: SECRET,
    LEADS_RATE_LIMIT: "1000000",
    LEADS_BACKOFF_BASE_MS: "200",
    LEADS_BACKOFF_CAP_MS: "3000",
    LEADS_OUTBOX_POLL_MS: "250",
  };
}

/** Submission `i`'s enquiry, marked with the run and its number so the receiver and the database can match it. */
function leadBody(dealer: Dealer, i: number): string {
  return JSON.stringify({
    form: "enquiry",
    category: "General Enquiry",
    name: "Bench",
    last_name: `Run${i}`,
    email: `bench${i}@example.com`,
    phone: "0400 000 000",
    postcode: "4000",
    message: `bench-${RUN} #${i}`,
    location_id: dealer.locationId,
  });
}

/** Runs `each` for 0 … total-1 in order of start, `concurrency` at a time. */
async function inPool(total: number, concurrency: number, each: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await each(next++);
    }),
  );
}

/** Waits (up to BENCH_DRAIN_TIMEOUT_MS) until the receiver holds a lead for every acknowledged submission. */
async function waitForDeliveries(rx: Receiver, acknowledged: number): Promise<void> {
  const drainStart = Date.now();
  while (Date.now() - drainStart < DRAIN_TIMEOUT_MS) {
    const deliveredLeads = [...rx.leadsBySubmission.values()].filter((s) => s.size > 0).length;
    if (deliveredLeads >= acknowledged) break;
    await sleep(500);
  }
}

/** This run's stored leads (and the distinct submissions they came from) and the outbox rows by status. */
async function countDatabase(pgliteDir: string) {
  const { openDb } = await import("../runtime/db/index");
  const db = await openDb({ pgliteDir });
  const [stored] = await db.query<{ leads: number; submissions: number }>(
    `SELECT count(*)::int AS leads, count(DISTINCT substring(payload->>'message' from '#([0-9]+)'))::int AS submissions FROM leads WHERE payload->>'message' LIKE $1`,
    [`bench-${RUN} #%`],
  );
  const outbox = await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM lead_deliveries GROUP BY status ORDER BY status`);
  await db.close();
  return { stored, outbox };
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` first");
  const dealers = sampleDealers();
  if (!dealers.length) throw new Error("no sample dealers in manifests/");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-leads-"));
  const pgliteDir = path.join(tmp, "pglite");
  const logFile = path.join(tmp, "server.log");
  const rx = await startReceiver();
  const env = benchEnv(pgliteDir, rx.url);
  console.log(
    `bench:leads  ${TOTAL} submissions, ${CONCURRENCY} at a time, over ${dealers.map((d) => d.slug).join(", ")}; SIGKILL after ${KILL_AT}. Temp: ${tmp}`,
  );

  const started = Date.now();
  let server = startServer(env, logFile);
  await waitReady(server, `${dealers[0].slug}.localhost:${PORT}`);

  const acked = new Map<number, string>(); // submission -> lead_id
  let sent = 0;
  let clientRetries = 0;
  let rejected = 0;
  let restarting: Promise<void> | null = null;
  let killed = false;

  const killAndRestart = async () => {
    killed = true;
    console.log(`  SIGKILL the server after ${acked.size} acknowledged submissions`);
    await stopAndWait(server, "SIGKILL");
    await sleep(500);
    server = startServer(env, logFile);
    await waitReady(server, `${dealers[0].slug}.localhost:${PORT}`);
    console.log(`  restarted`);
  };

  async function submitOne(i: number): Promise<void> {
    const dealer = dealers[i % dealers.length];
    const host = `${dealer.slug}.localhost:${PORT}`;
    const body = leadBody(dealer, i);
    const headers = { "content-type": "application/json", "idempotency-key": `bench-${RUN}-${i}` };
    const deadline = Date.now() + 180_000;
    // Sent, then retried once with the same key (as a browser retry would), then until acknowledged.
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) clientRetries++;
      try {
        sent++;
        const res = await request("POST", host, "/api/leads", body, headers);
        if (res.status === 200 || res.status === 201) {
          const id = (JSON.parse(res.text) as { lead_id: string }).lead_id;
          const before = acked.get(i);
          if (before && before !== id) console.error(`  submission ${i}: a retry answered another lead id!`);
          if (!before) acked.set(i, id);
        } else if (res.status < 500) {
          rejected++;
          console.error(`  submission ${i}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
          return;
        }
      } catch {
        /* server down: retry below */
      }
      if (attempt >= 1 && acked.has(i)) return;
      if (Date.now() > deadline) return;
      if (restarting) await restarting;
      else if (attempt >= 1) await sleep(300);
    }
  }

  await inPool(TOTAL, CONCURRENCY, async (i) => {
    if (!killed && i >= KILL_AT && !restarting) restarting = killAndRestart().finally(() => (restarting = null));
    await submitOne(i);
  });
  if (restarting) await restarting;
  console.log(`  all submissions answered in ${((Date.now() - started) / 1000).toFixed(1)} s; waiting for deliveries`);

  await waitForDeliveries(rx, acked.size);
  await stopAndWait(server, "SIGTERM", 10_000);

  // Count the database (the server is stopped, so the PGlite directory is free).
  const { stored, outbox } = await countDatabase(pgliteDir);

  const deliveredSubmissions = [...rx.leadsBySubmission.values()].filter((s) => s.size > 0).length;
  const duplicateLeads = stored.leads - stored.submissions + [...rx.leadsBySubmission.values()].reduce((n, s) => n + Math.max(0, s.size - 1), 0);
  const redelivered = [...rx.accepted.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);

  const rows: Array<[string, number | string]> = [
    ["submitted", TOTAL],
    ["acknowledged", acked.size],
    ["stored", stored.leads],
    ["delivered", deliveredSubmissions],
    ["duplicated", duplicateLeads],
    ["redelivered with the same Idempotency-Key", redelivered],
    ["requests sent (incl. client retries)", sent],
    ["client retries", clientRetries],
    ["rejected (4xx)", rejected],
    ["deliveries refused by the receiver (503)", rx.refused],
    ["bad signatures", rx.badSignatures],
    ["outbox rows", outbox.map((o) => `${o.status} ${o.n}`).join(", ")],
    ["server SIGKILLed and restarted", killed ? "yes" : "no"],
    ["wall time", `${((Date.now() - started) / 1000).toFixed(1)} s`],
  ];
  console.log("\n| Measure | Value |\n|---|---|\n" + rows.map(([k, v]) => `| ${k} | ${v} |`).join("\n"));
  const ok = acked.size === TOTAL && stored.leads === acked.size && deliveredSubmissions === acked.size && duplicateLeads === 0 && rx.badSignatures === 0;
  console.log(ok ? "\nOK: acknowledged = stored = delivered, no duplicates." : "\nFAILED: see the counts above and the server log " + logFile);
  // The table's counts are the figures.
  if (SMOKE && ok) assertFigures("bench:leads", Object.fromEntries(rows.filter((r): r is [string, number] => typeof r[1] === "number")));

  await rx.close();
  agent.destroy();
  if (!process.env.BENCH_KEEP && ok) rmSync(tmp, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
