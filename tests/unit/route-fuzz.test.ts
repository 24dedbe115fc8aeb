/**
 * Property-based fuzzing of every route handler under app/, called directly in this process.
 *
 * Why here rather than through a server (tests/e2e/fuzz.spec.ts still sends raw bytes over TCP to
 * a production build): the event loop a handler might hold is this process's own, so
 * `perf_hooks.monitorEventLoopDelay` around each request measures exactly what that request did
 * to every other request; it needs no build, and a few hundred requests take seconds.
 *
 * The routes are listed from the files (`app/**\/route.ts` and the methods each exports), so a new
 * route is fuzzed without anyone adding it. Each request is generated: the route's dynamic
 * segments (plausible values and junk), the query string, headers, cookies (broken
 * percent-encoding, oversized values, session-shaped ids, a live studio session) and a body of
 * every JSON type, objects whose known fields hold the wrong types, huge strings, deep nesting,
 * forms and raw bytes, under every content type. Every answer must be below 500, no larger than
 * the answer cap, and no request may hold the event loop past LOOP_BOUND_MS. The studio's check
 * and save, whose junk bodies are refused early, are also sent a real edit of a dealer and of the
 * template every dealer extends, so the manifest pipeline they run is held to the bound too.
 *
 * Seeded (tests/helpers/fast-check-seed.ts; FC_SEED=n explores another run), bounded by RUNS; a
 * failure prints its seed, path and the smallest request that fails.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listAppRoutes, type AppRoute, type HttpMethod } from "../helpers/app-routes";
import { LoopHold, threadCpuClock } from "../helpers/loop-hold";

// ---- The process the handlers run in: its own copy of the manifests, database and outboxes. ----

const scratch = mkdtempSync(path.join(tmpdir(), "route-fuzz-"));
cpSync(path.join(process.cwd(), "manifests"), path.join(scratch, "manifests"), { recursive: true });
Object.assign(process.env, {
  MANIFESTS_DIR: path.join(scratch, "manifests"),
  STUDIO_BACKUP_DIR: path.join(scratch, "studio-backups"),
  PGLITE_DIR: path.join(scratch, "db"),
  AUTH_LOCAL_OUTBOX: "on",
  AUTH_OUTBOX_DIR: path.join(scratch, "outbox"),
  LEADS_OUTBOX: "off",
  // The handlers themselves are what is fuzzed, not the rate limits in front of them.
  API_RATE_LIMIT_SCALE: "1000",
  LEADS_RATE_LIMIT: "100000",
  AUTH_CODES_PER_CLIENT: "100000",
  PAYMENTS_RATE_LIMIT: "100000",
  STUDIO_SECRET: "route-fuzz-studio-secret",
});

/** The request being handled: what `next/headers` answers for robots.txt and sitemap.xml, which read the request through Next. */
let current: Request | null = null;
vi.mock("next/headers", async () => {
  const { RequestCookies } = await import("next/dist/compiled/@edge-runtime/cookies");
  return {
    headers: async () => current!.headers,
    cookies: async () => new RequestCookies(current!.headers),
  };
});

/** Runs per property: a few hundred requests over ~40 handlers, well under a minute on two busy cores. */
const RUNS = Number(process.env.ROUTE_FUZZ_RUNS) || 300;
/** The largest answer any route may send (the search API's own cap is the largest on the platform). */
const ANSWER_CAP_BYTES = 2_000_000;
/**
 * The longest one request may hold the event loop: its longest turn, in the CPU time of the thread
 * that runs the loop (LoopHold, tests/helpers/loop-hold.ts), the 50 ms every route must keep to.
 * Measured on the shared two-core machine at a load average of 22-25, the worst request of a run
 * held it 13-16 ms (a studio check), PGlite's queries included (they run on this same thread; a
 * server on PostgreSQL does not pay them): room for a slower machine and a collector's pause.
 */
const LOOP_BOUND_MS = Number(process.env.ROUTE_FUZZ_LOOP_BOUND_MS) || 50;
type Handler = (request: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
interface Target {
  route: AppRoute;
  method: HttpMethod;
  handler: Handler;
}

const routes = listAppRoutes();
let targets: Target[] = [];
let studioSession = "";
let carSlug = "x";
let worstLoopMs = 0;
let worstLoopAt = "";
/** Each route's longest hold of the loop over the run (its CPU measure and the monitor's wall-clock gap), printed at the end. */
const worstByRoute = new Map<string, { loopMs: number; gapMs: number; requests: number }>();

beforeAll(async () => {
  monitor.enable();
  hold.start();
  const loaded: Target[] = [];
  for (const route of routes) {
    const mod = (await import(path.join(process.cwd(), route.file))) as Record<string, unknown>;
    for (const method of route.methods) loaded.push({ route, method, handler: mod[method] as Handler });
  }
  targets = loaded;
  const { getDb } = await import("@/runtime/db");
  const { createStudioSession, SHARED_SECRET_SUBJECT } = await import("@/runtime/studio/sessions");
  // The operator's session (an admin, as the studio secret's sign-in gives): the studio's routes are reached past their 401s.
  studioSession = (await createStudioSession(await getDb(), SHARED_SECRET_SUBJECT)).id;
  // A car the dealer shows (in stock, not sold or reserved), so the vehicle routes get past their 404.
  const stock = JSON.parse(readFileSync(path.join(process.cwd(), ".data", "stock", "sunshine-chery.json"), "utf8")) as Array<{
    slug?: string;
    status?: string;
    sold?: boolean;
    reserved?: boolean;
  }>;
  carSlug = stock.find((c) => c.slug && c.status === "in_stock" && !c.sold && !c.reserved)?.slug ?? "x";
}, 120_000);

afterAll(async () => {
  monitor.disable();
  hold.stop();
  const measure = hold.available ? "CPU time of the loop's thread" : "the smaller of the loop's delay and the process's CPU time";
  console.log(`route fuzz: longest hold of the event loop ${worstLoopMs.toFixed(1)} ms (${worstLoopAt}); bound ${LOOP_BOUND_MS} ms (${measure})`);
  if (process.env.ROUTE_FUZZ_STATS)
    for (const [route, w] of [...worstByRoute].sort((a, b) => b[1].loopMs - a[1].loopMs))
      console.log(`ROUTE-FUZZ-WORST ${w.loopMs.toFixed(1)} ms (loop delay ${w.gapMs.toFixed(1)} ms) over ${w.requests} requests: ${route}`);
  await (await import("@/runtime/studio/diagnose-off-loop")).stopDiagnoseWorker();
  await (await import("@/runtime/db")).closeDb();
});

// ---- What a request is made of. ----

const JUNK = [
  "",
  "%ZZ",
  "%E0%A4%A",
  "%00",
  "..",
  "%2e%2e",
  "%2F",
  "a%0d%0aX-Injected:%201",
  "<script>alert(1)</script>",
  "é",
  "😀",
  "null",
  "-1",
  "1e309",
  "NaN",
  "x".repeat(3000),
];
const junk = fc.oneof(fc.constantFrom(...JUNK), fc.string({ maxLength: 60 }), fc.stringMatching(/^[A-Za-z0-9._~%-]{0,40}$/));

/** Values a dynamic segment of this name plausibly takes, so the handlers behind the 404s are reached too. */
function plausible(name: string): string[] {
  const byName: Record<string, string[]> = {
    slug: [carSlug, "2024-toyota-corolla-abc123"],
    id: ["00000000-0000-0000-0000-000000000000", "lead-1"],
    purpose: ["reserve", "online-payment", "journey-deposit"],
    step: ["pay", "intent", "return"],
    dealer: ["sunshine-chery", "harbour-motor-group"],
    name: ["franchise", "coast-chery"],
  };
  return byName[name] ?? [];
}
const CATCH_ALL: Record<string, string[][]> = {
  path: [
    ["1", "indexes", "*", "queries"],
    ["1", "indexes", "Car_production", "query"],
    ["1", "indexes", "Car_production", "facets", "make", "query"],
    ["1", "indexes", "Car_production"],
    ["suv", "white", "front-34.jpg"],
    ["sedan", "black", "side.webp"],
  ],
};

function segmentValue(name: string, catchAll: boolean): fc.Arbitrary<string | string[]> {
  const known = plausible(name);
  const one = known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: junk }) : junk;
  if (!catchAll) return one;
  const lists = CATCH_ALL[name] ?? [];
  return lists.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...lists) }, { weight: 1, arbitrary: fc.array(junk, { minLength: 1, maxLength: 6 }) })
    : fc.array(junk, { minLength: 1, maxLength: 6 });
}

/** Field names the platform's forms and APIs read, so that an object body reaches the per-field checks with wrong types. */
const FIELDS = [
  "secret",
  "baseText",
  "value",
  "name",
  "first_name",
  "last_name",
  "email",
  "phone",
  "postcode",
  "message",
  "car_id",
  "company_url",
  "lead_id",
  "requests",
  "params",
  "query",
  "hitsPerPage",
  "facets",
  "indexName",
  "action",
  "rego",
  "regoState",
  "make",
  "model",
  "year",
  "kms",
  "adjustmentAnswers",
  "id",
  "channel",
  "recipient",
  "code",
  "type",
  "redirect",
  "back",
  "favourites",
  "car_ids",
  "step",
  "intent",
  "token",
  "card_number",
  "card_expiry",
  "card_cvc",
  "terms",
  "data",
  "object",
  "paths",
  "tags",
  "price",
  "term",
  "deposit",
];

const deep = (depth: number, open: string, close: string, inner = "1") => open.repeat(depth) + inner + close.repeat(depth);

/** The body as text, or bytes, and the content type it is sent with. */
const bodyText: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  // Every JSON type, nested.
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? "null"),
  // Objects whose known fields hold any JSON value (the wrong type, mostly).
  fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  // The studio's edit with any value: the manifest pipeline's verdict on whatever it is.
  fc.record({ baseText: fc.oneof(fc.constant("{}"), junk), value: fc.jsonValue({ maxDepth: 4 }) }).map((o) => JSON.stringify(o)),
  // A huge string, alone or in a field; just under and over the usual caps.
  fc
    .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(60_000, 70_000, 600_000, 2_100_000), fc.boolean())
    .map(([field, n, bare]) => (bare ? "x".repeat(n) : JSON.stringify({ [field]: "x".repeat(n) }))),
  // Deep nesting, arrays and objects.
  fc
    .constantFrom(1_000, 10_000, 100_000)
    .chain((d) => fc.constantFrom(deep(d, "[", "]"), deep(d, '{"a":', "}"), JSON.stringify({ value: "__" }).replace('"__"', deep(d, "[", "]")))),
  // Forms with odd values.
  fc.array(fc.tuple(fc.constantFrom(...FIELDS, "tag[]"), junk), { maxLength: 10 }).map((pairs) => new URLSearchParams(pairs).toString()),
  // Any text, and raw bytes (invalid UTF-8 included).
  fc.string({ maxLength: 2000 }),
  fc.uint8Array({ maxLength: 2000 }),
  fc.constant(""),
);

const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=fuzz",
  "text/plain",
  "application/xml",
  "application/json; charset=utf-16",
  ";;;",
);

const COOKIE_NAMES = ["dp_session", "dp_signin", "dp_journey", "dp_checkout", "dp_tradein", "studio-session", "studio-secret"];
const cookieValue = fc.oneof(
  fc.constantFrom("%ZZ", "%E0%A4%A", "%", "a%", '"quoted"', "", "=", "A".repeat(43), "a".repeat(5000), "00000000-0000-0000-0000-000000000000", "a;b", "é"),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  junk,
);
const cookieHeader = fc.oneof(
  fc.constant(null),
  fc.array(fc.tuple(fc.constantFrom(...COOKIE_NAMES), cookieValue), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("; ")),
  fc.constant("studio-session=__live__"),
  fc.string({ maxLength: 300 }),
  fc.constant(`big=${"z".repeat(20_000)}`),
);

const HEADER_NAMES = [
  "origin",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-request-id",
  "authorization",
  "idempotency-key",
  "stripe-signature",
  "range",
  "accept-encoding",
  "x-algolia-api-key",
  "user-agent",
];
const headerValue = fc.oneof(
  fc.constantFrom("https", "http", "https://evil.example", "null", "Bearer x", "t=1,v1=abc", "bytes=0-10", "br", "1.2.3.4, 5.6.7.8", "é", ""),
  fc.string({ maxLength: 300 }),
);
/** Header values as a fetch Request accepts them (no control characters; the wire-level suite sends those). */
const printable = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, "").replace(/[^\u0020-\u00ff]/g, "?");

const queryString = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(fc.constantFrom("page", "q", "redirect", "back", "w", "photos_count", "updated_at", "website_id", "payment_intent", "ref", "route", "x"), junk),
      { maxLength: 5 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  fc.stringMatching(/^\?[A-Za-z0-9=&%[\]._-]{0,200}$/),
);

const host = (route: AppRoute) =>
  route.pattern.startsWith("/_studio")
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant("localhost") },
        { weight: 1, arbitrary: fc.constantFrom("sunshine-chery.localhost", "not-a-dealer.example") },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom("sunshine-chery.localhost", "harbour-motor-group.localhost") },
        { weight: 1, arbitrary: fc.constantFrom("localhost", "not-a-dealer.example", "SUNSHINE-CHERY.localhost.", "127.0.0.1") },
      );

interface Generated {
  target: Target;
  params: Record<string, string | string[]>;
  host: string;
  query: string;
  site: string;
  cookie: string | null;
  headers: Array<[string, string]>;
  contentType: string | undefined;
  body: string | Uint8Array;
}

function requestFor(targetsToUse: Target[]): fc.Arbitrary<Generated> {
  return fc.constantFrom(...targetsToUse).chain((target) =>
    fc.record({
      target: fc.constant(target),
      params: fc.record(Object.fromEntries(target.route.segments.map((s) => [s.name, segmentValue(s.name, s.catchAll)]))) as fc.Arbitrary<
        Record<string, string | string[]>
      >,
      host: host(target.route),
      query: queryString,
      // Mostly the site's own pages, so state-changing routes get past the same-origin check.
      site: fc.oneof({ weight: 5, arbitrary: fc.constant("same-origin") }, { weight: 1, arbitrary: fc.constantFrom("none", "cross-site", "same-site", "") }),
      cookie: cookieHeader,
      headers: fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), headerValue), { maxLength: 4 }),
      contentType,
      body: bodyText,
    }),
  );
}

function toRequest(g: Generated): Request {
  const segments = g.target.route.pattern.split("/").map((part) => {
    const m = /^\[(?:\.\.\.)?([^\]]+)\]$/.exec(part);
    if (!m) return part;
    const v = g.params[m[1]];
    return (Array.isArray(v) ? v : [v]).map((s) => encodeURIComponent(s)).join("/");
  });
  const url = `http://${g.host}${segments.join("/")}${g.query}`;
  const headers = new Headers({ host: g.host });
  if (g.site) headers.set("sec-fetch-site", g.site);
  if (g.cookie !== null) headers.set("cookie", printable(g.cookie.replace("__live__", studioSession)));
  if (g.contentType) headers.set("content-type", g.contentType);
  for (const [k, v] of g.headers) headers.set(k, printable(v));
  const hasBody = g.target.method !== "GET" && g.target.method !== "HEAD";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    parsed = new URL(`http://${g.host}/`);
  }
  return new Request(parsed, { method: g.target.method, headers, body: hasBody ? (typeof g.body === "string" ? g.body : new Uint8Array(g.body)) : null });
}

/**
 * Two measures of the longest turn of the loop a request held, on for the whole run:
 *  - the event loop's delay monitor (perf_hooks) records the time between its own timer's ticks
 *    (5 ms apart when the loop is free), so its largest gap while a request runs is the longest
 *    the request held the loop, in wall-clock time: on a loaded machine, also the time the system
 *    gave the core to other processes. After a reset its first tick only marks a start, so each
 *    measure resets, lets that tick pass (one timer of just over the resolution), runs the
 *    request, then lets the overdue tick record (one more turn of the timers: it was due first);
 *  - LoopHold (tests/helpers/loop-hold.ts): the same longest stretch between two timer ticks,
 *    counted in the CPU time of this thread alone, which the machine's load does not inflate and
 *    the worker threads' CPU does not reach.
 * The bound holds the thread's CPU figure where Linux gives it: the monitor's figure can also fall
 * short, when its first tick after the reset comes only after the request (a loaded machine
 * reordering the two timers), so it then misses the request's turn altogether; that is how the
 * self-test below once read 7 ms for a 60 ms hold. Where the thread's CPU time cannot be read, the
 * smaller of the monitor's gap and the process's CPU time over the whole request stands in (the
 * latter sums all the request's turns and every thread's work, so it is an upper bound too).
 */
const RESOLUTION_MS = 5;
const monitor = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const hold = new LoopHold();
const afterTimers = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measured(g: Generated): Promise<{ status: number; bytes: number; loopMs: number; gapMs: number }> {
  const request = toRequest(g);
  current = request;
  monitor.reset();
  await afterTimers(RESOLUTION_MS + 1);
  hold.reset();
  const cpuBefore = process.cpuUsage();
  const response = await g.target.handler(request, { params: Promise.resolve(g.params) });
  const bytes = (await response.arrayBuffer()).byteLength;
  const cpu = process.cpuUsage(cpuBefore);
  const heldMs = hold.available ? hold.longest() : (cpu.user + cpu.system) / 1000;
  await afterTimers(1);
  const gapMs = monitor.max / 1e6;
  return { status: response.status, bytes, loopMs: hold.available ? heldMs : Math.min(gapMs, heldMs), gapMs };
}

/**
 * One request through its handler, with the answer's size and the worst event-loop delay while it
 * ran. The delay is wall-clock time: on a shared machine the process can be paused by the system
 * mid-request, so a request over the bound is measured twice more and its least delay kept (a
 * handler that holds the loop does so every time; a pause of the process does not repeat).
 */
async function send(g: Generated): Promise<{ status: number; bytes: number; loopMs: number }> {
  const first = await measured(g);
  let { loopMs, gapMs } = first;
  for (let again = 0; again < 2 && loopMs > LOOP_BOUND_MS; again++) {
    const next = await measured(g);
    if (next.loopMs < loopMs) ({ loopMs, gapMs } = next);
  }
  const key = `${g.target.method} ${g.target.route.pattern}`;
  const worst = worstByRoute.get(key) ?? { loopMs: 0, gapMs: 0, requests: 0 };
  worstByRoute.set(key, { loopMs: Math.max(worst.loopMs, loopMs), gapMs: Math.max(worst.gapMs, gapMs), requests: worst.requests + 1 });
  return { status: first.status, bytes: first.bytes, loopMs };
}

const describeRequest = (g: Generated) =>
  `${g.target.method} ${g.target.route.pattern} host=${g.host} params=${JSON.stringify(g.params).slice(0, 200)} type=${g.contentType} cookie=${String(g.cookie).slice(0, 80)} body=${(typeof g.body === "string" ? g.body : `<${g.body.length} bytes>`).slice(0, 120)}`;

describe("every route under app/, fuzzed", () => {
  it("lists every route file and its methods from app/", () => {
    const patterns = routes.map((r) => `${r.methods.join(",")} ${r.pattern}`);
    expect(patterns).toContain("POST /api/leads");
    expect(patterns).toContain("POST /_studio/sign-in".replace("POST", "POST,GET"));
    expect(patterns).toContain("GET /robots.txt");
    expect(routes.every((r) => r.methods.length > 0)).toBe(true);
    // The methods read from the source are the handlers the module exports.
    for (const t of targets) expect(typeof t.handler, `${t.method} ${t.route.file}`).toBe("function");
  });

  it("measures a request that holds the event loop (the measure itself can fail)", async () => {
    const target: Target = {
      route: { file: "-", pattern: "/busy", segments: [], methods: ["GET"] },
      method: "GET",
      handler: async () => {
        // Holds the loop for 60 ms: what a synchronous PDF or a huge JSON.stringify does. It spins
        // until both 60 ms have passed and this thread has used 60 ms of CPU (the process's, where
        // the thread's cannot be read), so neither measure can read less, however loaded the machine.
        const threadCpu = threadCpuClock();
        const start = process.cpuUsage();
        const threadStart = threadCpu?.() ?? 0;
        const began = performance.now();
        const cpuMs = () => {
          if (threadCpu) return threadCpu() - threadStart;
          const used = process.cpuUsage(start);
          return (used.user + used.system) / 1000;
        };
        while (cpuMs() < 60 || performance.now() - began < 60);
        return new Response("done");
      },
    };
    const g: Generated = { target, params: {}, host: "localhost", query: "", site: "", cookie: null, headers: [], contentType: undefined, body: "" };
    expect((await send(g)).loopMs).toBeGreaterThanOrEqual(50);
  });

  it("answers each route's plain request below 500 (and warms every handler before the loop is measured)", async () => {
    for (const target of targets) {
      const params = Object.fromEntries(
        target.route.segments.map((s) => [s.name, s.catchAll ? (CATCH_ALL[s.name]?.[0] ?? ["x"]) : (plausible(s.name)[0] ?? "x")]),
      );
      const g: Generated = {
        target,
        params,
        host: target.route.pattern.startsWith("/_studio") ? "localhost" : "sunshine-chery.localhost",
        query: "",
        site: "same-origin",
        cookie: "studio-session=__live__",
        headers: [],
        contentType: "application/json",
        body: "{}",
      };
      // Twice: the first call loads what the handler needs on first use (modules, indexes, fonts).
      await send(g);
      const { status, loopMs } = await send(g);
      if (process.env.ROUTE_FUZZ_STATS) console.log(`ROUTE-FUZZ-PLAIN ${status} ${target.method} ${target.route.pattern} ${loopMs.toFixed(0)}`);
      expect(status, describeRequest(g)).toBeLessThan(500);
    }
  }, 300_000);

  it("keeps a real studio check and save (the whole manifest pipeline) to the bound", async () => {
    const edits: Array<[string, Record<string, string>, string]> = [
      ["/_studio/check/[dealer]", { dealer: "sunshine-chery" }, "sunshine-chery.json"],
      ["/_studio/save/[dealer]", { dealer: "sunshine-chery" }, "sunshine-chery.json"],
      ["/_studio/templates/[name]/check", { name: "dealer-base" }, "templates/dealer-base.json"],
      ["/_studio/templates/[name]/save", { name: "dealer-base" }, "templates/dealer-base.json"],
    ];
    for (const [pattern, params, file] of edits) {
      const target = targets.find((t) => t.method === "POST" && t.route.pattern === pattern);
      expect(target, pattern).toBeDefined();
      const baseText = readFileSync(path.join(scratch, "manifests", file), "utf8");
      const g: Generated = {
        target: target!,
        params,
        host: "localhost",
        query: "",
        site: "same-origin",
        cookie: "studio-session=__live__",
        headers: [],
        contentType: "application/json",
        body: JSON.stringify({ baseText, value: JSON.parse(baseText) }),
      };
      // Once to load what the pipeline needs on first use, then measured.
      await send(g);
      const { status, loopMs } = await send(g);
      if (process.env.ROUTE_FUZZ_STATS) console.log(`ROUTE-FUZZ-STUDIO ${status} ${pattern} ${loopMs.toFixed(0)}`);
      expect(status, pattern).toBe(200);
      expect(loopMs, `event loop held ${loopMs.toFixed(1)} ms: ${pattern}`).toBeLessThanOrEqual(LOOP_BOUND_MS);
    }
  }, 300_000);

  it("never answers 5xx, never past the answer cap, never holding the event loop past the bound (property)", async () => {
    await fc.assert(
      fc.asyncProperty(requestFor(targets), async (g) => {
        const { status, bytes, loopMs } = await send(g);
        if (process.env.ROUTE_FUZZ_STATS) console.log(`ROUTE-FUZZ ${status} ${g.target.method} ${g.target.route.pattern} ${loopMs.toFixed(0)}`);
        if (loopMs > worstLoopMs) [worstLoopMs, worstLoopAt] = [loopMs, `${g.target.method} ${g.target.route.pattern}`];
        const what = describeRequest(g);
        expect(status, what).toBeGreaterThanOrEqual(100);
        expect(status, what).toBeLessThan(500);
        expect(bytes, what).toBeLessThanOrEqual(ANSWER_CAP_BYTES);
        expect(loopMs, `event loop held ${loopMs.toFixed(1)} ms: ${what}`).toBeLessThanOrEqual(LOOP_BOUND_MS);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
