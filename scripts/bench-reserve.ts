/**
 * npm run bench:reserve: reserve online under contention and a crash, not a timed test.
 *
 * Against the production build (`npx next build` first): starts the production server
 * (scripts/server.mjs) with the embedded database in a temp folder, picks 20 of Sunshine Chery's
 * available cars and sends 200 shoppers at them through the checkout form (the built-in test
 * gateway; loopback only; BENCH_CONCURRENCY at a time): 10 shoppers per car arriving together, a
 * fifth of them (each car's first and sixth) paying with the card the gateway fails on
 * (4000 0000 0000 0119). Part-way (BENCH_KILL_AT answers) the
 * server is killed with SIGKILL while requests are in flight and restarted; a shopper whose
 * request died retries with the same checkout token, as a browser resubmitting the page would.
 * Then every shopper sends the same form once more (same token), as a double click or a browser
 * resubmitting would. Then the server is stopped and the database and the gateway's own ledger are checked:
 *   reservations = successful payments = reserved cars; no car reserved twice; every losing or
 *   failed payment voided or declined; nothing charged (captured at the gateway) without a
 *   reservation; nothing left authorised; and what each shopper was told, first and when sent
 *   again: 'reserved' (the same reservation) exactly when their payment was captured and holds
 *   the car, and the resent form told what the first was.
 * Exit 1 when an invariant fails.
 *
 * Options (env): BENCH_PORT (3412), BENCH_SHOPPERS (200), BENCH_CARS (20), BENCH_CONCURRENCY (20),
 * BENCH_KILL_AT (a third of the shoppers), BENCH_KEEP=1 keeps the temp folder (and the schema).
 * --smoke (npm test): 6 shoppers for 2 cars, 3 at a time, and no kill (a restart would double the
 * run's time; BENCH_KILL_AT brings it back); the invariants are still checked, and the figures
 * asserted (scripts/lib/bench-smoke.ts).
 * BENCH_DATABASE_URL: a PostgreSQL server instead of the embedded database, in a schema of its own
 * made for the run and dropped after it. There the server's requests wait on the database without
 * holding the process, so shoppers of one car really do pay at once and race on the insert (the
 * "paid, lost the insert, voided" path); with PGlite each request's database work runs through.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startNextServer, stopAndWait, waitForServer } from "./lib/next-server";
import { openDb } from "../runtime/db/index";
import type { Db } from "../runtime/db/types";
import { openPostgres } from "../runtime/db/postgres";
import { RESERVE_URLS } from "../runtime/payments/routes";
import { SMOKE, assertFigures } from "./lib/bench-smoke";

const root = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.BENCH_PORT ?? 3412);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? (SMOKE ? 6 : 200));
const CARS = Number(process.env.BENCH_CARS ?? (SMOKE ? 2 : 20));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (SMOKE ? 3 : 20));
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? (SMOKE ? Infinity : Math.floor(SHOPPERS / 3)));
const SITE = "sunshine-chery";
const HOST = `${SITE}.localhost`;
const SUCCESS_CARD = "4242424242424242";
const FAILING_CARD = "4000000000000119";
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "";
// Two rounds of the server's minute-long reconcile loop, and a margin.
const RECONCILE_WAIT_MS = 150_000;

/** The server reaches the run's schema through its connection string (libpq's options parameter). */
function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function request(
  method: string,
  urlPath: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path: urlPath, method, agent: false, headers: { host: HOST, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ""), text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

async function pickCars(): Promise<Array<{ id: number; slug: string }>> {
  const body = JSON.stringify({
    params: new URLSearchParams({ filters: "status:in_stock AND reserved:false AND price > 10", hitsPerPage: String(CARS) }).toString(),
  });
  const res = await request("POST", "/api/search/1/indexes/Car_production/query", body, { "content-type": "text/plain" });
  const hits = (JSON.parse(res.text).hits ?? []) as Array<{ id: number; slug: string }>;
  if (hits.length < CARS) throw new Error(`only ${hits.length} available cars on ${SITE}`);
  return hits.map((h) => ({ id: h.id, slug: h.slug }));
}

type Outcome = "reserved" | "taken" | "already" | "failed" | "other";

interface Shopper {
  n: number;
  car: { id: number; slug: string };
  card: string;
  token: string;
  outcome?: Outcome;
  /** The reservation the answer named (its confirmation page). */
  reservation?: string;
  attempts: number;
  diedInFlight: boolean;
  /** What the same form sent once more (same token, after every shopper was answered) was told. */
  resent?: { outcome: Outcome; reservation?: string };
}

const reservationOf = (location: string): string | undefined => new URL(location, "http://x").searchParams.get("reservation") ?? undefined;

function classify(location: string): Outcome {
  if (/[?&]reservation=/.test(location)) return "reserved";
  if (/[?&]error=taken/.test(location)) return "taken";
  if (/[?&]error=reserved/.test(location)) return "already";
  if (/[?&]error=failed/.test(location)) return "failed";
  return "other";
}

/** The run's temp folder, its PostgreSQL schema (made here) when BENCH_DATABASE_URL names a server, and the server's environment. */
async function prepareRun() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-reserve-"));
  const pgliteDir = path.join(tmp, "pglite");
  const logFile = path.join(tmp, "server.log");
  const schema = POSTGRES_URL ? `bench_reserve_${Date.now()}` : null;
  if (schema) {
    const admin = await openPostgres({ url: POSTGRES_URL, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: schema ? withSearchPath(POSTGRES_URL, schema) : "",
    PGLITE_DIR: pgliteDir,
    AUTH_LOCAL_OUTBOX: "on",
    LEADS_WEBHOOK_URL: "http://127.0.0.1:9/leads", // nothing listens: deliveries stay pending (not measured here)
    LEADS_WEBHOOK_SECRET: "bench",
    PAYMENTS_RATE_LIMIT: "1000000", // every shopper comes from 127.0.0.1
  };
  return { tmp, pgliteDir, logFile, schema, env };
}

/** The production server of the run: started, waited for, killed and restarted. */
function benchServer(env: NodeJS.ProcessEnv, logFile: string) {
  const start = (): ChildProcess => startNextServer(PORT, { env, stdio: ["ignore", openSync(logFile, "a"), openSync(logFile, "a")] });
  const ready = (server: ChildProcess) => waitForServer(PORT, { server, host: HOST, path: "/api/manufacturer-locations", timeoutMs: 90_000 });
  let server = start();
  return {
    ready: () => ready(server),
    /** SIGKILL (requests in flight die with it), then a new server. */
    async restart() {
      await stopAndWait(server, "SIGKILL");
      server = start();
      await ready(server);
    },
    stop: () => stopAndWait(server, "SIGTERM", 15_000),
  };
}

function makeShoppers(cars: Array<{ id: number; slug: string }>): Shopper[] {
  return Array.from({ length: SHOPPERS }, (_, n) => ({
    n,
    // Shoppers for one car arrive together (n / per-car), so several pay for it at the same moment and race on the insert.
    car: cars[Math.floor(n / Math.ceil(SHOPPERS / cars.length)) % cars.length],
    // The first and sixth shopper of each car pay with the card the gateway fails on: a fifth of the shoppers.
    card: (n % Math.ceil(SHOPPERS / cars.length)) % 5 === 0 ? FAILING_CARD : SUCCESS_CARD,
    token: `bench${n.toString().padStart(4, "0")}${Math.random().toString(36).slice(2, 14)}`,
    attempts: 0,
    diedInFlight: false,
  }));
}

/** One shopper's checkout form, as the page posts it. */
function checkoutForm(s: Shopper): string {
  return new URLSearchParams({
    car: s.car.slug,
    variant: "checkout",
    token: s.token,
    name: `Shopper${s.n}`,
    last_name: "Bench",
    email: `shopper${s.n}@example.com`,
    phone: `04${String(10_000_000 + s.n).slice(-8)}`,
    terms: "yes",
    card_number: s.card,
    card_expiry: "12/34",
    card_cvc: "123",
  }).toString();
}

/**
 * Every shopper pays, CONCURRENCY at a time; after KILL_AT answers the server is killed and
 * restarted, and a shopper whose request died resends it with the same token. Whether it was killed.
 */
async function sendShoppers(shoppers: Shopper[], server: ReturnType<typeof benchServer>): Promise<boolean> {
  let answered = 0;
  let killed = false;
  let restarting: Promise<void> | null = null;
  const restart = async () => {
    killed = true;
    console.log(`  SIGKILL the server after ${answered} answers (requests in flight)`);
    await server.restart();
    console.log("  restarted");
  };

  const submit = async (s: Shopper) => {
    for (;;) {
      if (restarting) await restarting;
      s.attempts++;
      try {
        const res = await request("POST", RESERVE_URLS.pay, checkoutForm(s), { "content-type": "application/x-www-form-urlencoded" });
        if (res.status !== 303) throw new Error(`status ${res.status}`);
        s.outcome = classify(res.location);
        s.reservation = reservationOf(res.location);
        answered++;
        if (!killed && !restarting && answered >= KILL_AT) restarting = restart().finally(() => (restarting = null));
        return;
      } catch {
        s.diedInFlight = true;
        if (s.attempts > 20) {
          s.outcome = "other";
          return;
        }
        await sleep(250);
      }
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shoppers.length) await submit(shoppers[next++]);
    }),
  );
  return killed;
}

/**
 * Every shopper sends the same form once more with the same token (a browser resubmitting, a
 * double click), CONCURRENCY at a time: what each is told must be what its first request was told.
 */
async function resendAll(shoppers: Shopper[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shoppers.length) {
        const s = shoppers[next++];
        const res = await request("POST", RESERVE_URLS.pay, checkoutForm(s), { "content-type": "application/x-www-form-urlencoded" });
        s.resent = { outcome: res.status === 303 ? classify(res.location) : "other", reservation: reservationOf(res.location) };
      }
    }),
  );
}

/**
 * Whether the form sent again was told what the first request was: the same reservation, or the
 * same cancelled payment after a lost race; a refused payment (the failing card, a car reserved
 * before paying) is judged afresh and must again be a refusal that took nothing.
 */
function resentAgrees(s: Shopper): boolean {
  if (!s.resent) return true;
  if (s.outcome === "reserved" || s.outcome === "taken") return s.resent.outcome === s.outcome && s.resent.reservation === s.reservation;
  return s.resent.outcome === "failed" || s.resent.outcome === "already";
}

/**
 * What each shopper was told, against what their token's payment came to: told 'reserved' (that
 * reservation) exactly when their payment was captured and holds the car; told a refusal only when
 * nothing was taken. Each mismatch in words.
 */
async function toldProblems(db: Db, shoppers: Shopper[]): Promise<string[]> {
  const rows = await db.query<{ key: string; status: string; reservation_id: string | null; active: boolean | null }>(
    `SELECT p.idempotency_key AS key, p.status, p.reservation_id, r.status IN ('held', 'confirmed') AS active
       FROM reservation_payments p LEFT JOIN reservations r ON r.id = p.reservation_id`,
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out: string[] = [];
  for (const s of shoppers) {
    const p = byKey.get(`chk_${s.token}`);
    const paid = p?.status === "captured" && p.active === true;
    const told = `told '${s.outcome}'${s.diedInFlight ? " (resent after the kill)" : ""}`;
    if (paid && (s.outcome !== "reserved" || s.reservation !== p.reservation_id)) out.push(`shopper ${s.n} paid and holds the car but was ${told}`);
    if (!paid && s.outcome === "reserved") out.push(`shopper ${s.n} was told 'reserved' but their payment is ${p?.status ?? "missing"}`);
    if (s.resent && !resentAgrees(s)) out.push(`shopper ${s.n} was ${told}, and told '${s.resent.outcome}' when the same form was sent again`);
  }
  return out;
}

/** Seconds until no payment is pending or authorised, or null when the server's reconcile loop did not finish them in time. */
async function waitForReconcile(postgres: Db): Promise<number | null> {
  const open = async () =>
    Number((await postgres.query<{ n: number }>("SELECT count(*)::int AS n FROM reservation_payments WHERE status IN ('pending', 'authorised')"))[0].n);
  const waitFrom = Date.now();
  while ((await open()) > 0 && Date.now() - waitFrom < RECONCILE_WAIT_MS) await sleep(2_000);
  return (await open()) === 0 ? (Date.now() - waitFrom) / 1000 : null;
}

/** The counts the invariants are checked on, from the database and the gateway's ledger. */
async function countOutcomes(db: Db) {
  const q = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0].n);
  return {
    activeReservations: await q("SELECT count(*)::int AS n FROM reservations WHERE status IN ('held', 'confirmed')"),
    reservedCars: await q("SELECT count(DISTINCT car_id)::int AS n FROM reservations WHERE status IN ('held', 'confirmed')"),
    carsTwice: await q(
      "SELECT count(*)::int AS n FROM (SELECT car_id FROM reservations WHERE status IN ('held', 'confirmed') GROUP BY car_id HAVING count(*) > 1) x",
    ),
    capturedPayments: await q("SELECT count(*)::int AS n FROM reservation_payments WHERE status = 'captured'"),
    capturedWithReservation: await q(
      "SELECT count(*)::int AS n FROM reservation_payments p JOIN reservations r ON r.id = p.reservation_id WHERE p.status = 'captured' AND r.status IN ('held', 'confirmed')",
    ),
    gatewayCaptured: await q("SELECT count(*)::int AS n FROM test_gateway_charges WHERE status = 'captured'"),
    chargedWithoutReservation: await q(
      `SELECT count(*)::int AS n FROM test_gateway_charges c
       WHERE c.status = 'captured' AND NOT EXISTS (
         SELECT 1 FROM reservation_payments p JOIN reservations r ON r.id = p.reservation_id
         WHERE p.gateway_ref = c.id AND r.status IN ('held', 'confirmed'))`,
    ),
    leftOpen: await q("SELECT count(*)::int AS n FROM reservation_payments WHERE status IN ('pending', 'authorised')"),
    gatewayAuthorised: await q("SELECT count(*)::int AS n FROM test_gateway_charges WHERE status = 'authorised'"),
    voided: await q("SELECT count(*)::int AS n FROM reservation_payments WHERE status = 'voided'"),
    gatewayVoided: await q("SELECT count(*)::int AS n FROM test_gateway_charges WHERE status = 'voided'"),
    declinedOrFailed: await q("SELECT count(*)::int AS n FROM reservation_payments WHERE status IN ('declined', 'failed')"),
    leads: await q("SELECT count(*)::int AS n FROM leads WHERE category = 'Reserve Online'"),
    reservationsByStatus: (await db.query<{ status: string; n: number }>("SELECT status, count(*)::int AS n FROM reservations GROUP BY status ORDER BY status"))
      .map((r) => `${r.status} ${r.n}`)
      .join(", "),
  };
}
type Counts = Awaited<ReturnType<typeof countOutcomes>>;

/** The run's table: what the shoppers were told, and what the database and the gateway hold. */
function printReport(shoppers: Shopper[], c: Counts, run: { killed: boolean; elapsed: number; schema: string | null; settledAfter: number | null }) {
  const told = (o: Outcome) => shoppers.filter((s) => s.outcome === o).length;
  const rows: Array<[string, string | number]> = [
    ["shoppers", SHOPPERS],
    ["cars", CARS],
    ["answered 'reserved'", told("reserved")],
    ["answered 'already reserved' (before paying)", told("already")],
    ["answered 'someone reserved it first' (paid, lost the insert, voided)", told("taken")],
    ["answered 'payment failed'", told("failed")],
    ["other answers", told("other")],
    ["requests that died with the server and were resent", shoppers.filter((s) => s.diedInFlight).length],
    ["  of which told 'reserved'", shoppers.filter((s) => s.diedInFlight && s.outcome === "reserved").length],
    ["forms sent again after every answer (same token)", shoppers.filter((s) => s.resent).length],
    ["  told what the first request was told", shoppers.filter((s) => s.resent && resentAgrees(s)).length],
    [
      "  of the paid ones, told their own reservation again",
      shoppers.filter((s) => s.outcome === "reserved" && s.resent?.reservation === s.reservation).length,
    ],
    ["active reservations", c.activeReservations],
    ["reservation rows by status", c.reservationsByStatus],
    ["reserved cars", c.reservedCars],
    ["cars reserved twice", c.carsTwice],
    ["payments captured", c.capturedPayments],
    ["payments captured with an active reservation", c.capturedWithReservation],
    ["captured at the gateway", c.gatewayCaptured],
    ["captured at the gateway without a reservation", c.chargedWithoutReservation],
    ["payments voided (lost race, or reconciled after the kill)", `${c.voided} (gateway: ${c.gatewayVoided})`],
    ["payments declined or failed (nothing taken)", c.declinedOrFailed],
    ["payments left pending or authorised", `${c.leftOpen} (gateway authorised: ${c.gatewayAuthorised})`],
    ["dealer leads ('Reserve Online')", c.leads],
    ["server SIGKILLed and restarted", run.killed ? "yes" : "no"],
    ["wall time", `${run.elapsed.toFixed(1)} s`],
    ...(run.schema
      ? ([
          [
            "open payments finished by the server's reconcile loop after",
            run.settledAfter === null ? `not within ${RECONCILE_WAIT_MS / 1000} s` : `${run.settledAfter.toFixed(0)} s`,
          ],
        ] as Array<[string, string]>)
      : []),
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
}

/** The invariants that fail, in words (none when the run is sound). */
function problemsOf(c: Counts, reservedAnswers: number): string[] {
  const problems: string[] = [];
  if (!(
    c.activeReservations === c.reservedCars &&
    c.reservedCars === c.capturedPayments &&
    c.capturedPayments === c.capturedWithReservation &&
    c.capturedPayments === c.gatewayCaptured
  ))
    problems.push("reservations, reserved cars and successful payments differ");
  if (c.carsTwice) problems.push("a car is reserved twice");
  if (c.chargedWithoutReservation) problems.push("money captured without a reservation");
  if (c.leftOpen || c.gatewayAuthorised) problems.push("payments left pending or authorised");
  if (c.leads !== c.activeReservations) problems.push("a reservation without its dealer lead (or the reverse)");
  if (reservedAnswers > c.activeReservations) problems.push("a shopper was told 'reserved' without a reservation");
  if (c.reservedCars !== CARS) problems.push(`only ${c.reservedCars} of ${CARS} cars were reserved`);
  return problems;
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` first");
  const { tmp, pgliteDir, logFile, schema, env } = await prepareRun();

  const started = Date.now();
  const server = benchServer(env, logFile);
  await server.ready();
  const shoppers = makeShoppers(await pickCars());
  console.log(
    `bench:reserve  ${SHOPPERS} shoppers for ${CARS} cars of ${SITE}, ${CONCURRENCY} at a time; a fifth pay with the failing card; SIGKILL after ${KILL_AT} answers; database: ${schema ? `PostgreSQL, schema ${schema}` : "embedded PGlite"}. Temp: ${tmp}`,
  );
  const killed = await sendShoppers(shoppers, server);
  await resendAll(shoppers);
  const elapsed = (Date.now() - started) / 1000;
  // On PostgreSQL the server reconciles only payments over a minute old (another instance's live
  // request may own a younger one), so what the killed process left is finished by the server's
  // own minute loop: keep it running until nothing is open, as production would.
  // (A server can share PostgreSQL with the bench; the embedded database is the server's alone, so it is opened after the stop.)
  const postgres = schema ? await openDb({ url: POSTGRES_URL, schema, migrate: false }) : null;
  const settledAfter = postgres ? await waitForReconcile(postgres) : null;
  await server.stop();

  // ---- the invariants, from the database and the gateway's ledger (server stopped) ----------
  const db = postgres ?? (await openDb({ pgliteDir }));
  try {
    const counts = await countOutcomes(db);
    printReport(shoppers, counts, { killed, elapsed, schema, settledAfter });
    const told = await toldProblems(db, shoppers);
    for (const line of told.slice(0, 20)) console.log(`  ${line}`);
    const problems = [
      ...problemsOf(counts, shoppers.filter((s) => s.outcome === "reserved").length),
      ...(told.length ? [`${told.length} shoppers were told something other than what their payment came to`] : []),
    ];
    console.log(problems.length ? `\nFAILED: ${problems.join("; ")}` : "\nAll invariants hold.");
    if (SMOKE && !problems.length)
      assertFigures("bench:reserve", {
        "answered 'reserved'": shoppers.filter((s) => s.outcome === "reserved").length,
        "active reservations": counts.activeReservations,
        "payments captured": counts.capturedPayments,
        "declined or failed": counts.declinedOrFailed,
        "wall time s": elapsed,
      });
    return problems.length ? 1 : 0;
  } finally {
    if (schema && process.env.BENCH_KEEP !== "1") await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
    if (process.env.BENCH_KEEP !== "1") rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`bench:reserve: ${(e as Error).message}`);
    process.exit(1);
  },
);
