import { afterEach, describe, expect, it, vi } from "vitest";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { apiRoute } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import { quoteRouteSpec, MAX_QUOTE_BODY_BYTES, type QuoteRouteOptions } from "./quote-route";
import { SAMPLE_PROVIDERS, resolveFinanceSettings, type FinanceSettingsSource } from "../finance/settings";
import { embeddedQuoteProvider, type QuoteProvider } from "../finance/quote";

const finance: FinanceSettingsSource = { providers: [SAMPLE_PROVIDERS.prime] };
const site = (features: Record<string, boolean>, fin: FinanceSettingsSource | null = finance): Tenant => ({
  kind: "site",
  slug: "harbour",
  manifest: { slug: "harbour", name: "Harbour", features, ...(fin ? { finance: fin } : {}) } as unknown as DealerManifest,
});
const body = {
  selfAssessedCreditScore: "GREAT",
  purchasePrice: 30000,
  loanTerm: 5,
  year: new Date().getFullYear() - 1,
  vin: "jtd123",
  nvic: "",
  whoIsHelping: "",
};
const post = (b: unknown) =>
  new Request("http://harbour.localhost/api/youx/quote", {
    method: "POST",
    body: typeof b === "string" ? b : JSON.stringify(b),
    headers: { "content-type": "application/json" },
  });
/** The route as app/api/youx/quote declares it, with the tenant and limiters handed in. */
const call = (request: Request, tenant: Tenant, opts: QuoteRouteOptions = {}) =>
  apiRoute({ ...quoteRouteSpec(opts), resolve: () => tenant, limiters: () => createLimiters({ env: {} }) })(request);
const read = async (res: Response) => ({ status: res.status, body: await res.json() });

afterEach(() => vi.restoreAllMocks());

describe("quoteRoute", () => {
  it("answers a valid request with the embedded quote from the manifest's provider", async () => {
    const res = await call(post(body), site({ youxQuote: true }));
    expect(res.headers.get("cache-control")).toBe("no-store");
    const expected = await embeddedQuoteProvider(resolveFinanceSettings(finance)).quote({ ...body, selfAssessedCreditScore: "GREAT", vin: "JTD123" });
    expect(await read(res)).toEqual({ status: 200, body: expected });
    expect(expected.advertisedRate).toBe(8.5);
    expect(expected.weeklyRepaymentAmount).toBeGreaterThan(0);
  });

  it("is 404 for anything that is not a dealer site", async () => {
    for (const tenant of [{ kind: "unknown", host: "x.example" }, { kind: "directory" }, { kind: "unavailable", slug: "broken" }] as Tenant[]) {
      expect((await read(await call(post(body), tenant))).status).toBe(404);
    }
  });

  it("is 404 when the site's youxQuote flag is off or undeclared", async () => {
    expect(await read(await call(post(body), site({ youxQuote: false })))).toEqual({
      status: 404,
      body: { message: "Finance quotes are not available for this site", status: 404, errors: [] },
    });
    expect((await call(post(body), site({}))).status).toBe(404);
  });

  it("is 400 for a body that is not a JSON object, 413 for one over the quote's cap", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    for (const bad of ["{nope", "", "[1]"]) {
      expect(await read(await call(post(bad), site({ youxQuote: true })))).toMatchObject({
        status: 400,
        body: { message: "The request body must be a JSON object.", status: 400 },
      });
    }
    const huge = JSON.stringify({ ...body, whoIsHelping: "x".repeat(MAX_QUOTE_BODY_BYTES) });
    expect(await read(await call(post(huge), site({ youxQuote: true })))).toMatchObject({ status: 413, body: { message: "That request is too large." } });
  });

  it("is 400 naming the field at fault for a bad request body", async () => {
    expect(await read(await call(post({ ...body, purchasePrice: -1 }), site({ youxQuote: true })))).toMatchObject({
      status: 400,
      body: { field: "purchasePrice" },
    });
    expect(await read(await call(post({ ...body, loanTerm: "five" }), site({ youxQuote: true })))).toMatchObject({ status: 400, body: { field: "loanTerm" } });
  });

  it("is 404 when the site has the flag but no finance settings", async () => {
    expect((await call(post(body), site({ youxQuote: true }, null))).status).toBe(404);
  });

  it("passes the provider's failures through as quote.ts maps them", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const failing: QuoteProvider = { quote: async () => Promise.reject(new Error("boom")) };
    expect(await read(await call(post(body), site({ youxQuote: true }), { adapter: failing }))).toEqual({
      status: 500,
      body: { message: "The quote could not be calculated" },
    });
  });

  it("is 500 (logged) when the finance settings cannot be resolved", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((l) => (lines.push(String(l)), true));
    const res = await call(post(body), site({ youxQuote: true }, { defaultProvider: "nope", providers: [SAMPLE_PROVIDERS.prime] }));
    expect(res.status).toBe(500);
    expect(JSON.parse(lines.join(""))).toMatchObject({ level: "error", event: "quote-settings-unusable", route: "youx.quote", site: "harbour" });
  });
});
