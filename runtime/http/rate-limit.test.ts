import { describe, expect, it } from "vitest";
import type { Db } from "../db";
import { describeEachDb } from "../db/testing";
import { createLimiters, limiterKey, limitSpecs } from "./rate-limit";

describe("limitSpecs", () => {
  it("scales every limit by API_RATE_LIMIT_SCALE and keeps the leads and sign-in overrides", () => {
    const s = limitSpecs({ API_RATE_LIMIT_SCALE: "2", LEADS_RATE_LIMIT: "5", LEADS_RATE_WINDOW_MS: "30000", AUTH_CODES_PER_CLIENT: "200" });
    expect(s.search.points).toBe(480);
    expect(s.leads).toEqual({ points: 5, duration: 30 });
    expect(s["codes-per-client"].points).toBe(200);
    expect(limitSpecs({}).leads).toEqual({ points: 10, duration: 60 });
  });
  it("limits payment attempts to 10 a minute unless PAYMENTS_RATE_LIMIT says otherwise", () => {
    expect(limitSpecs({}).payments).toEqual({ points: 10, duration: 60 });
    expect(limitSpecs({ API_RATE_LIMIT_SCALE: "50" }).payments.points).toBe(500);
    expect(limitSpecs({ PAYMENTS_RATE_LIMIT: "1000000" }).payments.points).toBe(1_000_000);
  });
  it("keys fit the table whatever the client sent", () => {
    expect(limiterKey(["d", "1.2.3.4"])).toBe("d|1.2.3.4");
    expect(limiterKey(["d", "x".repeat(1000)]).length).toBeLessThanOrEqual(200);
  });
});

describeEachDb("limiters in PostgreSQL", (db) => {
  it("count in the database, so two processes' limiters share one budget", async () => {
    const env = { LEADS_RATE_LIMIT: "3" };
    const a = createLimiters({ db, env });
    const b = createLimiters({ db, env });
    const results = [];
    for (const l of [a, b, a, b]) results.push((await l.take("leads", "sunshine|198.51.100.1")).ok);
    expect(results).toEqual([true, true, true, false]);
    const refused = await a.take("leads", "sunshine|198.51.100.1");
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.retryAfterS).toBeGreaterThan(0);
    // Another client, and another API, have budgets of their own.
    expect((await b.take("leads", "sunshine|198.51.100.2")).ok).toBe(true);
    expect((await b.take("search", "sunshine|198.51.100.1")).ok).toBe(true);
    const [row] = await db.query<{ points: number }>(`SELECT points FROM rate_limits WHERE key = 'leads:sunshine|198.51.100.1'`);
    expect(row.points).toBeGreaterThanOrEqual(3);
  });

  it("keep limiting in memory when the database fails", async () => {
    const broken = { ...db, query: async () => Promise.reject(new Error("down")) } as unknown as Db;
    const l = createLimiters({ db: broken, env: { LEADS_RATE_LIMIT: "1" } });
    expect((await l.take("leads", "k")).ok).toBe(true);
    expect((await l.take("leads", "k")).ok).toBe(false);
  });
});
