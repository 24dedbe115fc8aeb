import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeEachDb, LEAD_TABLES } from "../db/testing";
import { backoffMs, deliverDueOnce, retryNow, signBody, startOutboxWorker } from "./outbox";
import { postRequest, sampleTenant, validEnquiry, postLead } from "./test-fixtures";

const SECRET = "test-secret-Ω";

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

/** A webhook receiver on port 0 that answers 503 to its first `failFirst` requests. */
async function receiver(failFirst = 0) {
  const received: Received[] = [];
  let seen = 0;
  let firstAccepted!: () => void;
  const accepted = new Promise<void>((resolve) => (firstAccepted = resolve));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const status = seen++ < failFirst ? 503 : 200;
      received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, status });
      res.writeHead(status).end();
      if (status === 200) firstAccepted();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  return {
    url,
    received,
    accepted: () => received.filter((r) => r.status === 200),
    /** Resolves when the receiver has accepted (answered 200 to) its first lead. */
    firstAccepted: accepted,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function verify(body: string, signature: string | undefined, secret: string): boolean {
  const expected = Buffer.from("sha256=" + createHmac("sha256", secret).update(body).digest("hex"));
  const got = Buffer.from(signature ?? "");
  return got.length === expected.length && timingSafeEqual(got, expected);
}

const forms = (format: "json" | "adf" = "json") => ({ destinations: [{ id: "crm", url: "${LEADS_TEST_URL}", secretEnv: "LEADS_TEST_SECRET", format }] });
// No backoff: a failed delivery is due again at once, so a test runs the next pass itself instead
// of waiting for the clock (the backoff's own arithmetic is tested below, without a database).
const fast = { baseMs: 0, capMs: 0, failedRetryMs: 0 };

describeEachDb("lead delivery outbox", { empty: LEAD_TABLES }, (db) => {
  async function submit(format: "json" | "adf" = "json", extra: Record<string, unknown> = {}) {
    const tenant = sampleTenant("sunshine-chery", forms(format));
    const res = await postLead(postRequest(validEnquiry(extra)), tenant, { db });
    expect(res.status).toBe(201);
    return { leadId: ((await res.json()) as { lead_id: string }).lead_id, tenant };
  }

  /** Runs delivery passes until nothing is left undelivered (at most `passes`). */
  async function drain(env: Record<string, string | undefined>, tenant: ReturnType<typeof sampleTenant>, passes = 20) {
    for (let i = 0; i < passes; i++) {
      await deliverDueOnce(db, { ...fast, env, lookupManifest: () => tenant.manifest });
      const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_deliveries WHERE status <> 'delivered'");
      if (n === 0) return;
    }
  }

  it("a receiver failing the first attempts gets the lead exactly once, signed, with its Idempotency-Key", async () => {
    const rx = await receiver(2);
    try {
      const { leadId, tenant } = await submit();
      await drain({ LEADS_TEST_URL: rx.url, LEADS_TEST_SECRET: SECRET }, tenant);
      expect(rx.received.map((r) => r.status)).toEqual([503, 503, 200]);
      expect(rx.accepted()).toHaveLength(1);
      const got = rx.accepted()[0];
      expect(got.headers["idempotency-key"]).toBe(`${leadId}:crm`);
      expect(got.headers["content-type"]).toBe("application/json");
      expect(verify(got.body, got.headers["x-signature"] as string, SECRET)).toBe(true);
      expect(verify(got.body, got.headers["x-signature"] as string, "wrong")).toBe(false);
      expect(JSON.parse(got.body)).toMatchObject({
        lead_id: leadId,
        dealer: "sunshine-chery",
        dealership: { id: 101, slug: "sunshine-chery" },
        lead_status: "Complete",
        fields: { email: "jane@example.com.au" },
      });
      const [row] = await db.query<any>("SELECT status, attempts, delivered_at, last_error FROM lead_deliveries");
      expect(row).toMatchObject({ status: "delivered", attempts: 3, last_error: null });
      expect(row.delivered_at).toBeTruthy();
    } finally {
      await rx.close();
    }
  });

  it("a receiver that is down delays the lead; once it is up the lead arrives", async () => {
    const { tenant } = await submit();
    const closed = await receiver();
    await closed.close(); // a port nobody listens on: connection refused
    const down = { LEADS_TEST_URL: closed.url, LEADS_TEST_SECRET: SECRET };
    await deliverDueOnce(db, { ...fast, env: down, lookupManifest: () => tenant.manifest });
    const [row] = await db.query<any>("SELECT status, attempts, last_error FROM lead_deliveries");
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^ECONNREFUSED/);
    const rx = await receiver();
    try {
      await drain({ ...down, LEADS_TEST_URL: rx.url }, tenant);
      expect(rx.accepted()).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it("two workers delivering at the same time never send a row twice", async () => {
    const rx = await receiver();
    try {
      let tenant!: ReturnType<typeof sampleTenant>;
      for (let i = 0; i < 6; i++) tenant = (await submit("json", { message: `m${i}` })).tenant;
      const env = { LEADS_TEST_URL: rx.url, LEADS_TEST_SECRET: SECRET };
      const opts = { ...fast, env, limit: 3, lookupManifest: () => tenant.manifest };
      await Promise.all([deliverDueOnce(db, opts), deliverDueOnce(db, opts), deliverDueOnce(db, opts)]);
      await drain(env, tenant);
      const keys = rx.received.map((r) => r.headers["idempotency-key"]);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(6);
    } finally {
      await rx.close();
    }
  });

  it("a missing secret holds the delivery as failed (nothing lost); after the fix `retry` delivers it", async () => {
    const rx = await receiver();
    try {
      const { tenant } = await submit("adf");
      await deliverDueOnce(db, { ...fast, failedRetryMs: 3_600_000, env: { LEADS_TEST_URL: rx.url }, lookupManifest: () => tenant.manifest });
      const [row] = await db.query<any>("SELECT status, last_error FROM lead_deliveries");
      expect(row).toEqual({ status: "failed", last_error: "LEADS_TEST_SECRET is not set (the HMAC secret of destination crm)" });
      expect(rx.received).toHaveLength(0);
      // Not due for an hour; `npm run leads -- retry` makes it due now.
      expect((await deliverDueOnce(db, { env: { LEADS_TEST_URL: rx.url, LEADS_TEST_SECRET: SECRET }, lookupManifest: () => tenant.manifest })).attempted).toBe(
        0,
      );
      expect(await retryNow(db, { dealer: "sunshine-chery", status: "failed" })).toBe(1);
      await drain({ LEADS_TEST_URL: rx.url, LEADS_TEST_SECRET: SECRET }, tenant);
      expect(rx.accepted()).toHaveLength(1);
      const got = rx.accepted()[0];
      expect(got.headers["content-type"]).toBe("application/xml; charset=utf-8");
      expect(verify(got.body, got.headers["x-signature"] as string, SECRET)).toBe(true);
      expect(got.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>')).toBe(true);
      expect(got.body).toContain("<email>jane@example.com.au</email>");
    } finally {
      await rx.close();
    }
  });

  it("startOutboxWorker delivers in the background and is started once per process", async () => {
    const rx = await receiver(1);
    process.env.LEADS_TEST_URL = rx.url;
    process.env.LEADS_TEST_SECRET = SECRET;
    const { tenant } = await submit();
    const worker = startOutboxWorker({ db: async () => db, intervalMs: 20, ...fast, lookupManifest: () => tenant.manifest });
    try {
      expect(startOutboxWorker()).toBe(worker);
      await rx.firstAccepted; // the first attempt gets a 503, a later pass of the worker delivers it
      expect(rx.received.map((r) => r.status)).toEqual([503, 200]);
    } finally {
      await worker.stop();
      delete process.env.LEADS_TEST_URL;
      delete process.env.LEADS_TEST_SECRET;
      await rx.close();
    }
  });
});

describe("signing and backoff", () => {
  it("X-Signature is sha256=<hex HMAC-SHA256 of the body>", () => {
    expect(signBody("{}", "k")).toBe("sha256=" + createHmac("sha256", "k").update("{}").digest("hex"));
  });

  it("backoff doubles with jitter between half and all of the step, capped at 5 minutes", () => {
    const lo = { random: () => 0, baseMs: 1000, capMs: 300_000 };
    const hi = { random: () => 1, baseMs: 1000, capMs: 300_000 };
    expect([1, 2, 3, 4].map((a) => backoffMs(a, hi))).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3].map((a) => backoffMs(a, lo))).toEqual([500, 1000, 2000]);
    expect(backoffMs(30, hi)).toBe(300_000);
    expect(backoffMs(1000, lo)).toBe(150_000);
  });
});
