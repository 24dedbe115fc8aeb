import { describe, expect, it, vi } from "vitest";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { tradeInGuidance } from "./messages";
import {
  adapterFor,
  deductionFor,
  eligibility,
  embeddedAdapter,
  estimateFromComparables,
  remoteAdapter,
  tradeInSettings,
  type ValuationAdapter,
  type ValuationDeps,
} from "./valuation";
import { apiRoute, API_MESSAGES } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import { handleTradeInValuation, VALUATION_MAX_BODY_BYTES } from "./trade-in-api";

const manifest = (forms: Record<string, unknown> = {}) =>
  ({ slug: "t", name: "T", features: { tradeIn: true }, forms, dealerships: [], locations: [] }) as unknown as DealerManifest;
const tenant = (m = manifest()): Tenant => ({ kind: "site", slug: m.slug, manifest: m }) as unknown as Tenant;
const NOW = new Date("2026-06-01T00:00:00Z");
// Each request from its own client address, so the rate limit of one test never meets another's.
let client = 0;
const post = (body: unknown, raw = false) =>
  new Request("http://t.localhost/api/valuation", {
    method: "POST",
    body: raw ? String(body) : JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": `10.0.${Math.floor(++client / 250)}.${client % 250}` },
  });
/** POST /api/valuation as app/api/valuation/route.ts declares it, with a test's tenant, adapter and limits. */
const valuationRoute = (t: Tenant, valuation: ValuationDeps, env: Record<string, string>, limiters = createLimiters({ env })) =>
  apiRoute<Record<string, unknown>>({
    name: "valuation",
    limit: "valuation",
    stateChanging: true,
    body: "json",
    maxBodyBytes: VALUATION_MAX_BODY_BYTES,
    handle: (ctx) =>
      handleTradeInValuation(ctx, {
        db: () => Promise.reject(new Error("the stateless actions use no database")),
        valuation,
      }),
    resolve: () => t,
    limiters: () => limiters,
  });

describe("valuation", () => {
  it("no online estimate for cars over the dealer's age or kilometre limit (7 years, 100,000 km by default)", () => {
    const s = tradeInSettings(manifest());
    expect(s).toMatchObject({ maxAgeYears: 7, maxKms: 100000 });
    const guidance = "Online estimates are generally not given for cars over 7 years old or over 100,000 km.";
    expect(eligibility({ year: 2018, kms: 50000 }, s, NOW)).toMatchObject({ status: "not-eligible", reason: "age", message: guidance });
    expect(eligibility({ year: 2019, kms: 100001 }, s, NOW)).toMatchObject({ status: "not-eligible", reason: "kms", message: guidance });
    expect(eligibility({ year: 2019, kms: 100000 }, s, NOW)).toBeNull();
  });

  it("the guidance states the dealer's own limits, the kilometres grouped the Australian way", () => {
    const s = tradeInSettings(manifest({ tradeIn: { maxAgeYears: 10, maxKms: 150000 } }));
    const guidance = "Online estimates are generally not given for cars over 10 years old or over 150,000 km.";
    expect(eligibility({ year: 2015, kms: 1000 }, s, NOW)).toMatchObject({ reason: "age", message: guidance });
    expect(eligibility({ year: 2017, kms: 150001 }, s, NOW)).toMatchObject({ reason: "kms", message: guidance });
    expect(eligibility({ year: 2017, kms: 150000 }, s, NOW)).toBeNull();
    expect(tradeInGuidance({ maxAgeYears: 1, maxKms: 1250000 })).toBe(
      "Online estimates are generally not given for cars over 1 year old or over 1,250,000 km.",
    );
  });

  it("estimates from the comparables' median, less the trade margin, kilometres and answers", () => {
    const base = { make: "Toyota", model: "Kluger", year: 2023, kms: 40000 };
    const plain = estimateFromComparables(base, [{ price: 50000 }, { price: 60000 }, { price: 70000 }]);
    expect(plain).toEqual({ status: "offer", offer_price: 48000, range: { low: 45600, high: 50400 }, comparables: 3, source: "embedded" });
    const accident = estimateFromComparables({ ...base, adjustmentAnswers: { accident: "Yes" } }, [{ price: 60000 }]);
    expect(accident.status === "offer" && accident.offer_price).toBe(43200);
    const highKm = estimateFromComparables({ ...base, kms: 60000 }, [{ price: 60000, km: 40000 }]);
    expect(highKm.status === "offer" && highKm.offer_price).toBe(46100);
    expect(estimateFromComparables(base, [])).toMatchObject({ status: "no-estimate", reason: "no-comparables" });
    expect(deductionFor({ accident: "Yes", mechanical: "Yes", bodyDamage: "Yes", interior: "No", serviceHistory: "No" })).toBe(0.36);
  });

  it("the embedded adapter checks eligibility before looking for comparables; its rego register is the built-in samples", async () => {
    const comparables = vi.fn(async () => [{ price: 40000 }]);
    const a = embeddedAdapter(manifest(), { comparables, now: () => NOW });
    expect(await a.lookupRego("ABC123", "QLD")).toBeNull();
    expect(await a.lookupRego("trade 1", "qld")).toEqual({ make: "Toyota", model: "Kluger", year: 2021, badge: "GXL" });
    expect(await a.lookupRego("TRADE1", "NSW")).toBeNull();
    // OLD123 is over 7 years old: no online estimate.
    const old = (await a.lookupRego("OLD123", "QLD"))!;
    expect(await a.valuate({ ...old, kms: 80_000 })).toMatchObject({ status: "not-eligible", reason: "age" });
    expect(await a.valuate({ make: "A", model: "B", year: 2024, kms: 100_001 })).toMatchObject({ status: "not-eligible", reason: "kms" });
    expect(comparables).not.toHaveBeenCalled();
    expect(await a.valuate({ make: "A", model: "B", year: 2010, kms: 1 })).toMatchObject({ status: "not-eligible" });
    expect(comparables).not.toHaveBeenCalled();
    expect(await a.valuate({ make: "A", model: "B", year: 2024, kms: 1 })).toMatchObject({ status: "offer", offer_price: 32000 });
  });

  it("the remote adapter posts to the provider with the key and survives its failures", async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const body = JSON.parse(String(init.body));
      if (body.action === "rego") return new Response(JSON.stringify({ vehicle: { make: "Mazda", model: "CX-5", year: 2022 } }));
      return new Response(JSON.stringify({ offer_price: 25049 }));
    }) as unknown as typeof fetch;
    const m = manifest({ tradeIn: { valuation: "remote", remoteUrl: "${LEADS_VALUATION_URL}", apiKeyEnv: "LEADS_VALUATION_KEY" } });
    const a = adapterFor(m, { LEADS_VALUATION_URL: "https://valuations.example/api", LEADS_VALUATION_KEY: "k1" }, { fetchImpl });
    expect(a.kind).toBe("remote");
    expect(await a.lookupRego("ABC123", "QLD")).toEqual({ make: "Mazda", model: "CX-5", year: 2022 });
    expect(await a.valuate({ make: "Mazda", model: "CX-5", year: new Date().getFullYear() - 1, kms: 1000 })).toMatchObject({
      status: "offer",
      offer_price: 25000,
      source: "remote",
    });
    expect(calls[0].url).toBe("https://valuations.example/api");
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe("Bearer k1");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = remoteAdapter({
      url: "https://x.example",
      settings: { maxAgeYears: 7, maxKms: 100000 },
      fetchImpl: (async () => new Response("", { status: 502 })) as unknown as typeof fetch,
    });
    expect(await down.valuate({ make: "A", model: "B", year: new Date().getFullYear(), kms: 1 })).toMatchObject({
      status: "no-estimate",
      reason: "provider-error",
    });
    warn.mockRestore();
    // Without a usable URL: embedded.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(adapterFor(m, {}).kind).toBe("embedded");
  });

  it("POST /api/valuation: rego and offer actions, 400 for bad input, 403 off, 429 past the limit", async () => {
    const adapter: ValuationAdapter = {
      kind: "embedded",
      lookupRego: async () => null,
      valuate: async () => ({ status: "offer", offer_price: 1000, range: { low: 900, high: 1100 }, comparables: 2, source: "embedded" }),
    };
    const api = (r: Request, t = tenant(), env: Record<string, string> = { API_RATE_LIMIT_SCALE: "100" }) => valuationRoute(t, { adapter }, env)(r);
    let res = await api(post({ action: "rego", rego: "abc 123", regoState: "qld" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ vehicle: null });
    res = await api(post({ action: "offer", make: "Toyota", model: "Kluger", year: 2023, kms: 40000, adjustmentAnswers: { accident: "No" } }));
    expect((await res.json()).result.offer_price).toBe(1000);
    res = await api(post({ action: "offer", make: "", year: 23, kms: -1 }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toEqual(["Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"]);
    expect((await api(post({ action: "rego", rego: "!", regoState: "XX" }))).status).toBe(400);
    expect((await api(post({ action: "x" }))).status).toBe(400);
    expect((await api(post({ action: "rego" }), tenant(manifest({ tradeIn: { enabled: false } })))).status).toBe(403);
    // One point a minute: the boundary's `valuation` limit, per client and dealer.
    const tight = valuationRoute(tenant(), { adapter }, { API_RATE_LIMIT_SCALE: "0.01" });
    const same = () => {
      const r = post({ action: "rego", rego: "A1", regoState: "QLD" });
      r.headers.set("x-forwarded-for", "10.9.9.9");
      return r;
    };
    expect((await tight(same())).status).toBe(200);
    expect((await tight(same())).status).toBe(429);
  });

  it("POST /api/valuation reads its body through the API boundary: malformed, non-object and oversized bodies get a 4xx with the boundary's message", async () => {
    const api = valuationRoute(tenant(), {}, { API_RATE_LIMIT_SCALE: "100" });
    for (const body of ["{", "null", "[1]", '"text"', "42"]) {
      const res = await api(post(body, true));
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ message: API_MESSAGES.notJson, status: 400 });
    }
    // A body streamed without a length that never ends is refused once it passes the cap, not read to its end.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const res = await api(
      new Request("http://t.localhost/api/valuation", {
        method: "POST",
        body: endless,
        duplex: "half",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.200.0.1" },
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(VALUATION_MAX_BODY_BYTES + 4 * 1024);
  });
});
