import { expect, test, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost, requestWithHost } from "../helpers/http";
import { exited, SECOND_PORT, startServer } from "../helpers/server-process";

// Issue 20 over HTTP against the production server (scripts/server.mjs): security headers and a
// Content-Security-Policy the pages hydrate under, input hygiene (paths, hosts, ports, forwarded
// headers, lead fields, cross-site posts), search limits, health checks; then a second server
// process of our own for what must not touch the shared one: rate limits a spoofed
// X-Forwarded-For cannot dodge, graceful shutdown, and two processes sharing one database.

const SITE = "sunshine-chery";
const HOST = `${SITE}.localhost`;
const siteUrl = (p: string) => `http://${HOST}:${E2E_PORT}${p}`;

async function someCarSlug(port = E2E_PORT): Promise<string> {
  const res = await requestWithHost(port, HOST, {
    method: "POST",
    path: "/api/search/1/indexes/Car_production/query",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ hitsPerPage: 1, filters: "status:in_stock" }),
    idempotent: true,
  });
  return JSON.parse(res.body).hits[0].slug as string;
}

const postLead = (port: number, body: unknown, headers: Record<string, string> = {}) =>
  requestWithHost(port, HOST, { method: "POST", path: "/api/leads", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const enquiry = (extra: Record<string, unknown> = {}) => ({
  form: "enquiry",
  category: "General Enquiry",
  name: "Jane",
  last_name: "Citizen",
  email: "jane@example.com.au",
  phone: "0412 345 678",
  postcode: "4127",
  message: "Hardening test",
  ...extra,
});

/** Records CSP violations and console errors from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction("__cspViolation", (v: string) => problems.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return problems;
}

test.describe("security headers and the Content-Security-Policy", () => {
  test("every kind of response carries them; HTML lists its inline scripts by hash, without unsafe-eval", async () => {
    const slug = await someCarSlug();
    const asset = (await getWithHost(E2E_PORT, HOST, "/")).body.match(/\/_next\/static\/[^"]+\.js/)![0];
    // A built script needs only nosniff (runtime/http/secure-response.mjs): the rest act on documents.
    const script = await getWithHost(E2E_PORT, HOST, asset);
    expect(script.status).toBe(200);
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["permissions-policy"]).toBeUndefined();
    for (const p of ["/", `/cars/${slug}`, "/api/account/me", "/api/images/vehicle/suv/red/front-34.webp?w=320&q=60", "/no-such-page"]) {
      const res = await getWithHost(E2E_PORT, HOST, p);
      expect(res.status, p).toBeLessThan(500);
      expect(res.headers["x-content-type-options"], p).toBe("nosniff");
      expect(res.headers["referrer-policy"], p).toBe("strict-origin-when-cross-origin");
      expect(res.headers["permissions-policy"], p).toContain("camera=()");
      expect(res.headers["x-request-id"], p).toMatch(/^[0-9a-f-]{36}$/);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, p).toContain("frame-ancestors 'none'");
      expect(csp, p).not.toContain("unsafe-eval");
      expect(res.headers["strict-transport-security"], p).toBeUndefined();
      if (String(res.headers["content-type"]).startsWith("text/html")) {
        expect(csp, p).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
        expect(
          csp.split(";").find((d) => d.includes("script-src")),
          p,
        ).not.toContain("unsafe-inline");
        expect(res.headers["x-dealer-csp"], p).toBeUndefined();
        // Only the scripts the platform and Next wrote: JSON-LD is data, so it has no hash.
        for (const m of res.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g))
          expect(csp, p).not.toContain(createHash("sha256").update(m[1]).digest("base64"));
      }
      // The cached page's internal path stays inside the server.
      expect(res.headers["x-middleware-rewrite"], p).toBeUndefined();
    }
  });

  test("the pages hydrate under the policy with no violation (home, search, vehicle, finance, location, trade-in, contact, 404)", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = await watchCsp(page);
    const slug = await someCarSlug();
    for (const p of ["/", "/search", `/cars/${slug}`, "/finance", "/locations/springwood", "/cars/trade-in", "/contact", "/no-such-page"]) {
      await page.goto(siteUrl(p));
      // Hydrated: Next's client has started (the vehicle page's after-paint loader included).
      await page.waitForFunction(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version), undefined, { timeout: 30_000 });
      // Parts that go live later are fetched once touched: scroll through the page.
      await page.mouse.wheel(0, 4000);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(problems, p).toEqual([]);
    }
    // A reload revalidates the cached vehicle page (304): the page keeps its policy and still runs.
    await page.goto(siteUrl(`/cars/${slug}`));
    await page.reload();
    await page.waitForFunction(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version), undefined, { timeout: 30_000 });
    expect(problems, "after a reload").toEqual([]);
  });

  test("HTTPS (from a trusted proxy only) adds HSTS; over plain http and from anyone else it is absent", async () => {
    // The shared server trusts no proxy: a client's X-Forwarded-Proto is ignored.
    const res = await getWithHost(E2E_PORT, HOST, "/", { "x-forwarded-proto": "https" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.body).not.toContain(`https://${HOST}`);
  });
});

test.describe("input hygiene", () => {
  test("a path that does not percent-decode answers 400 everywhere, APIs included", async () => {
    for (const p of ["/%ff", "/cars/%ZZ", "/api/cars/%ZZ/view.json", "/api/search/1/indexes/%ZZ/query", "/api/leads/%E0%A4%A", "/a%00b"]) {
      const res = await getWithHost(E2E_PORT, HOST, p);
      expect(res.status, p).toBe(400);
    }
  });

  test("X-Forwarded-Proto from a client is ignored: never a 500 nor a scheme in links", async () => {
    for (const value of ["https, http", "javascript", "https"]) {
      const dir = await getWithHost(E2E_PORT, "localhost", "/", { "x-forwarded-proto": value });
      expect(dir.status, value).toBe(200);
      const home = await getWithHost(E2E_PORT, HOST, "/", { "x-forwarded-proto": value });
      expect(home.status).toBe(200);
      expect(home.body).not.toMatch(/javascript:\/\//);
    }
  });

  test("hosts: default ports dropped, ports the server does not serve refused (421), forwarded hosts ignored, APIs on dealer hosts only", async () => {
    const slug = await someCarSlug();
    expect((await getWithHost(E2E_PORT, `${HOST}:80`, `/cars/${slug}`)).status).toBe(200);
    for (const port of [1, 8080, 3999, 65535]) expect((await getWithHost(E2E_PORT, `${HOST}:${port}`, `/cars/${slug}`)).status, String(port)).toBe(421);
    expect((await getWithHost(E2E_PORT, "bad host", "/")).status).toBe(400);
    // X-Forwarded-Host from a client that is not a trusted proxy changes nothing.
    const forwarded = await getWithHost(E2E_PORT, HOST, "/", { "x-forwarded-host": "harbour-motor-group.localhost" });
    expect(forwarded.body).toContain("Sunshine");
    for (const p of ["/api/images/vehicle/suv/red/front-34.webp?w=320&q=60", `/api/cars/${slug}/view.json`, "/api/account/me"]) {
      expect((await getWithHost(E2E_PORT, "not-a-dealer.example", p)).status, p).toBe(404);
    }
  });

  test("lead posts: cross-site refused (403), no header copied from input, control characters 400 with a message", async () => {
    const cross = await postLead(E2E_PORT, enquiry(), { "content-type": "text/plain", origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
    expect(JSON.parse(cross.body).message).toMatch(/own pages/);
    const otherOrigin = await postLead(E2E_PORT, enquiry(), { origin: "https://evil.example" });
    expect(otherOrigin.status).toBe(403);
    // The honeypot answers exactly as a real submission of the same body would (here: the same refusal).
    for (const leadId of ["a\nb", "a\u0000b", "日本"]) {
      const body = { ...enquiry(), lead_id: leadId };
      const real = await postLead(E2E_PORT, body, { "sec-fetch-site": "same-origin" });
      const trap = await postLead(E2E_PORT, { ...body, company_url: "x" }, { "sec-fetch-site": "same-origin" });
      expect(trap.status, JSON.stringify(leadId)).toBe(real.status);
      expect(Object.keys(JSON.parse(trap.body)).sort(), JSON.stringify(leadId)).toEqual(Object.keys(JSON.parse(real.body)).sort());
    }
    const nul = await postLead(E2E_PORT, enquiry({ name: "Ja\u0000ne" }), { origin: `http://${HOST}` });
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).errors[0]).toEqual({ field: "name", message: expect.stringMatching(/control characters/) });
  });

  test("search: queries per request, hits per page and offset+length answer 400 with a message", async () => {
    const post = (body: unknown) =>
      requestWithHost(E2E_PORT, HOST, {
        method: "POST",
        path: "/api/search/1/indexes/*/queries",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify(body),
        idempotent: true,
      });
    const big = await post({ requests: Array.from({ length: 10 }, () => ({ indexName: "Car_production", hitsPerPage: 1000 })) });
    expect(big.status).toBe(400);
    expect(JSON.parse(big.body).message).toBe("hitsPerPage: at most 60");
    expect((await post({ requests: Array.from({ length: 21 }, () => ({ indexName: "Car_production", hitsPerPage: 0 })) })).status).toBe(400);
    expect((await post({ requests: [{ indexName: "Car_production", offset: 999, length: 10 }] })).status).toBe(400);
    expect((await post({ requests: [{ indexName: "Car_production", hitsPerPage: 21 }] })).status).toBe(200);
  });

  test("health: /healthz and /readyz answer on any host", async () => {
    for (const host of ["127.0.0.1", HOST, "whatever.example"]) {
      expect((await getWithHost(E2E_PORT, host, "/healthz")).status).toBe(200);
      expect((await getWithHost(E2E_PORT, host, "/readyz")).status).toBe(200);
    }
  });
});

// --- A second server process of our own ---------------------------------------------------

test.describe("a server of our own", () => {
  test.describe.configure({ mode: "serial" });

  test("a spoofed X-Forwarded-For does not buy a fresh rate-limit bucket; graceful shutdown finishes the request in flight", async () => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), "e2e-hardening-"));
    // A database of its own even when the suite has a PostgreSQL server (CI): rate-limit counters in a shared
    // database would also count the main test server's leads from this same address.
    const { child } = await startServer(SECOND_PORT, {
      PGLITE_DIR: path.join(dir, "db"),
      DATABASE_URL: undefined,
      LEADS_RATE_LIMIT: "10",
      LEADS_RATE_WINDOW_MS: "60000",
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await postLead(SECOND_PORT, enquiry(), { "x-forwarded-for": `198.51.100.${i}` })).status);
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);

      // A request whose body is still arriving when SIGTERM comes is answered before the process exits.
      const req = http.request({
        host: "127.0.0.1",
        port: SECOND_PORT,
        method: "POST",
        path: "/api/search/1/indexes/*/queries",
        headers: { host: HOST, "content-type": "text/plain" },
        // A connection of its own (the shared agent's keep-alive socket could be one the server is about to drop).
        agent: false,
      });
      const inFlight = new Promise<number>((resolve, reject) => {
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
      });
      const connected = new Promise<void>((resolve) => req.on("socket", (s) => s.once("connect", () => resolve())));
      req.write('{"requests":[{"indexName":"Car_production",');
      await connected;
      // The server has the request's head once it answers a probe on another connection after it.
      expect((await getWithHost(SECOND_PORT, HOST, "/healthz")).status).toBe(200);
      child.kill("SIGTERM");
      await expect.poll(async () => (await getWithHost(SECOND_PORT, HOST, "/readyz").catch(() => ({ status: 0 }))).status).not.toBe(200);
      req.end('"hitsPerPage":1}]}');
      expect(await inFlight).toBe(200);
      expect(await exited(child)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  test("two server processes sharing one PostgreSQL share rate limits and leads", async () => {
    // PGlite is one process's embedded database (its directory is locked): sharing needs a PostgreSQL server.
    test.skip(!process.env.DATABASE_URL, "needs DATABASE_URL (a PostgreSQL server both processes share)");
    test.setTimeout(120_000);
    const env = { DATABASE_URL: process.env.DATABASE_URL!, LEADS_RATE_LIMIT: "10", LEADS_RATE_WINDOW_MS: "60000" };
    const a = await startServer(SECOND_PORT, env);
    const b = await startServer(SECOND_PORT + 1, env);
    try {
      const statuses: number[] = [];
      // A distinct client per run so earlier runs against the same database do not count.
      const client = `lead-test-${Date.now()}`;
      for (let i = 0; i < 11; i++)
        statuses.push((await postLead(i % 2 ? SECOND_PORT + 1 : SECOND_PORT, enquiry({ message: `${client} ${i}` }), { "user-agent": client })).status);
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
      expect(statuses).toContain(429);
      for (const s of [a, b]) expect((await getWithHost(s === a ? SECOND_PORT : SECOND_PORT + 1, HOST, "/readyz")).status).toBe(200);
    } finally {
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      await Promise.all([exited(a.child), exited(b.child)]);
    }
  });
});
