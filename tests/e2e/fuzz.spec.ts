import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { readdirSync, readFileSync, mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { exited, SECOND_PORT, startServer } from "../helpers/server-process";
import { findCars } from "../helpers/cars";
import { listAppRoutes } from "../helpers/app-routes";

// Fuzzing: fast-check sends malformed paths, headers and bodies to every API route and
// every page route of the sample manifests, over raw TCP so nothing is cleaned up on the way,
// against a production server of its own (its own database, rate limits raised so the handlers
// themselves are reached). Every answer must be below 500, arrive in time, and carry no header
// the request smuggled in. Fixed seed and run count: the same requests every time.

const SEED = 20_2026;
const RUNS = 300;
const ANSWER_WITHIN_MS = 20_000;

/** Every method of every route file under app/ (the unit route fuzz suite's listing): a new route is fuzzed here too without anyone adding it. */
const API_ROUTES: Array<[method: string, path: string]> = listAppRoutes().flatMap((r) => r.methods.map((m): [string, string] => [m, r.pattern]));

/** What a catch-all segment is given besides generated segments: the paths its handler really serves. */
const CATCH_ALL_PATHS = [
  "1/indexes/*/queries",
  "1/indexes/Car_production/query",
  "1/indexes/Car_production/facets/make/query",
  "suv/red/front",
  "hatch/white/side",
];

/** Every page route pattern the sample manifests and templates declare. */
function pageRoutes(): string[] {
  const dir = path.join(process.cwd(), "manifests");
  const files = [...readdirSync(dir).map((f) => path.join(dir, f)), ...readdirSync(path.join(dir, "templates")).map((f) => path.join(dir, "templates", f))];
  const out = new Set<string>();
  for (const f of files.filter((x) => x.endsWith(".json"))) {
    const routes = (JSON.parse(readFileSync(f, "utf8")) as { routes?: Record<string, unknown> }).routes;
    for (const r of Object.keys(routes ?? {})) out.add(r);
  }
  return [...out].sort();
}

const HOSTS = ["sunshine-chery.localhost", "harbour-motor-group.localhost", "localhost", "not-a-dealer.example", "SUNSHINE-CHERY.localhost.", "127.0.0.1"];
const INJECT = "x\r\nX-Injected: 1";

const segment = fc.oneof(
  fc.constantFrom(
    "2024-toyota-corolla-abc123",
    "%ZZ",
    "%ff",
    "%00",
    "..",
    "%2e%2e",
    "%252e",
    "a%0d%0aX-Injected:%201",
    "_cached",
    "%5Fcached",
    "springwood",
    "suv",
    "red",
    "Car_production",
  ),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,40}$/),
  fc.string({ minLength: 0, maxLength: 2000, unit: fc.constantFrom("a", "%", "Z", "9", "-", "/", "é") }).map((s) => encodeURI(s).replace(/\//g, "%2F")),
);

const headerValue = fc.oneof(
  fc.constantFrom(
    "https",
    "http",
    "https, http",
    "javascript",
    "",
    "null",
    "https://evil.example",
    "same-origin",
    "cross-site",
    INJECT,
    "1.2.3.4, 5.6.7.8",
    "é",
  ),
  fc.string({ maxLength: 300 }),
);
const headerName = fc.constantFrom(
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-request-id",
  "origin",
  "sec-fetch-site",
  "cookie",
  "content-type",
  "accept-encoding",
  "user-agent",
  "idempotency-key",
  "authorization",
  "range",
  "x-algolia-api-key",
);

const body = fc.oneof(
  fc.constant(""),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    '{"company_url":"x","lead_id":"a\\nb"}',
    '{"name":"\\u0000"}',
    '{"requests":[{"indexName":"Car_production","hitsPerPage":1000}]}',
    "channel=email&recipient=%00&type=x",
    "{",
    "[]",
    "null",
  ),
  fc.string({ maxLength: 5000 }),
);

interface RawAnswer {
  status: number;
  head: string;
}

/** One request over its own TCP connection, bytes exactly as given; resolves with the status line and the head. */
function raw(port: number, request: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`));
    }, ANSWER_WITHIN_MS);
    socket.on("data", (c) => {
      chunks.push(c);
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end !== -1) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, end) });
      }
    });
    socket.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on("end", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: text.startsWith("HTTP/") ? Number(text.slice(9, 12)) : 0, head: text });
    });
    socket.write(request);
  });
}

test("fuzzing every route handler and page route: no 5xx, no hang, no header injection", async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-fuzz-"));
  const server = await startServer(SECOND_PORT, {
    PGLITE_DIR: path.join(dir, "db"),
    API_RATE_LIMIT_SCALE: "1000",
    LEADS_RATE_LIMIT: "100000",
    AUTH_CODES_PER_CLIENT: "100000",
    AUTH_LOCAL_OUTBOX: "on",
  });
  const routes: Array<[string, string]> = [...API_ROUTES, ...pageRoutes().map((p): [string, string] => ["GET", p])];
  try {
    const request = fc.record({
      route: fc.constantFrom(...routes),
      method: fc.constantFrom("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"),
      keepMethod: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
      segments: fc.array(segment, { minLength: 4, maxLength: 4 }),
      deep: fc.oneof(fc.constantFrom(...CATCH_ALL_PATHS), segment),
      query: fc.oneof(
        fc.constant(""),
        fc.constantFrom("?page=-1", "?q=%ZZ", "?_rsc=1", "?utm_source=<x>", "?range[price][min]=abc"),
        fc.stringMatching(/^\?[A-Za-z0-9=&%[\]._-]{0,200}$/),
      ),
      // Mostly a dealer's host, so the handlers themselves are reached; sometimes anything else.
      host: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom("sunshine-chery.localhost", "harbour-motor-group.localhost", `sunshine-chery.localhost:${SECOND_PORT}`) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTS) },
        { weight: 1, arbitrary: fc.constantFrom("sunshine-chery.localhost:1", "bad host", "", "a".repeat(300)) },
      ),
      headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 5 }),
      body,
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        const p = r.route[1].replace(/\[(\.\.\.)?[^\]]+\]/g, (_, catchAll) => (catchAll ? r.deep : r.segments[i++ % r.segments.length])) + r.query;
        const method = r.keepMethod ? r.route[0] : r.method;
        // Header values as bytes: CR/LF inside one become a smuggling attempt on the wire; Node must not answer it with a 5xx or echo it.
        const lines = [`${method} ${p} HTTP/1.1`, ...(r.host ? [`Host: ${r.host}`] : []), ...r.headers.map(([k, v]) => `${k}: ${v}`), "Connection: close"];
        const payload = Buffer.from(r.body, "utf8");
        if (method !== "GET" && method !== "HEAD") lines.push(`Content-Length: ${payload.length}`);
        const bytes = Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "utf8"), method !== "GET" && method !== "HEAD" ? payload : Buffer.alloc(0)]);
        const answer = await raw(SECOND_PORT, bytes);
        if (process.env.FUZZ_STATS) console.log("FUZZ", answer.status, method, r.route[1]);
        expect(answer.status, `${method} ${p.slice(0, 200)}`).toBeGreaterThanOrEqual(100);
        expect(answer.status, `${method} ${p.slice(0, 200)} ${JSON.stringify(r.headers).slice(0, 300)}`).toBeLessThan(500);
        expect(answer.head.toLowerCase(), "a header smuggled from the request").not.toContain("\r\nx-injected:");
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    // The checkout journey's and the trade-in valuation's endpoints again, with bodies shaped like their
    // forms (a real car, each step, the valuation's actions, malformed values), from the site's own pages,
    // so the handlers' validation itself is what gets the odd values.
    const [car] = await findCars(SECOND_PORT, "sunshine-chery", "status:in_stock AND reserved:false", 1);
    const odd = fc.oneof(
      fc.constantFrom("", "0", "-1", "1e309", "NaN", "99999999999999999999", "%00", "<script>", "é", "TRADE1", "OLD123", "QLD", "yes", "no"),
      fc.string({ maxLength: 120 }),
    );
    const formField = fc.constantFrom(
      "step",
      "intent",
      "token",
      "name",
      "last_name",
      "email",
      "phone",
      "postcode",
      "method",
      "location",
      "street",
      "suburb",
      "state",
      "has_trade_in",
      "rego",
      "regoState",
      "kms",
      "q_accident",
      "pay_method",
      "term",
      "rate",
      "deposit",
      "residual",
      "frequency",
      "card_number",
      "card_expiry",
      "card_cvc",
      "terms",
      "carry_term",
      "carry_deposit",
      "carry_frequency",
      "action",
      "valuation",
      "tf",
      "make",
      "model",
      "year",
    );
    const shaped = fc.record({
      route: fc.constantFrom(
        "/api/payments/journey-deposit/pay",
        "/api/payments/journey-deposit/intent",
        "/api/valuation",
        "/api/valuation/lead",
        "/api/valuation/form",
      ),
      host: fc.constantFrom("sunshine-chery.localhost", "harbour-motor-group.localhost"),
      carId: fc.oneof(fc.constant(car?.slug ?? "x"), fc.constant(String(car?.id ?? 1)), odd),
      step: fc.oneof(fc.constantFrom("contact", "delivery", "trade-in", "finance", "deposit", "summary"), odd),
      action: fc.oneof(fc.constantFrom("rego", "vehicle", "adjustments", "lead"), odd),
      fields: fc.array(fc.tuple(formField, odd), { maxLength: 12 }),
      asJson: fc.boolean(),
      cookie: fc.oneof(
        fc.constant(""),
        fc.constant(`dp_journey=${"A".repeat(43)}`),
        odd.map((v) => `dp_journey=${encodeURIComponent(v)}`),
      ),
    });
    await fc.assert(
      fc.asyncProperty(shaped, async (r) => {
        const fields: Record<string, string> = { car_id: r.carId, step: r.step, action: r.action, ...Object.fromEntries(r.fields) };
        const text = r.asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
        const payload = Buffer.from(text, "utf8");
        const lines = [
          `POST ${r.route} HTTP/1.1`,
          `Host: ${r.host}`,
          `Content-Type: ${r.asJson ? "application/json" : "application/x-www-form-urlencoded"}`,
          "Sec-Fetch-Site: same-origin",
          ...(r.cookie ? [`Cookie: ${r.cookie}`] : []),
          `Content-Length: ${payload.length}`,
          "Connection: close",
        ];
        const answer = await raw(SECOND_PORT, Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "utf8"), payload]));
        if (process.env.FUZZ_STATS) console.log("FUZZ-SHAPED", answer.status, r.route);
        expect(answer.status, `${r.route} ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(100);
        expect(answer.status, `${r.route} ${text.slice(0, 300)}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
    expect(server.child.exitCode).toBeNull();
  } finally {
    server.child.kill("SIGTERM");
    await exited(server.child);
  }
});
