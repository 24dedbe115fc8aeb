import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  embeddedQuoteProvider,
  handleQuoteRequest,
  QuoteUpstreamError,
  quoteProviderFor,
  remoteQuoteProvider,
  validateQuoteRequest,
  type QuoteProvider,
  type QuoteRequest,
} from "./quote";
import { resolveFinanceSettings, SAMPLE_FINANCE_SETTINGS, SAMPLE_PROVIDERS } from "./settings";
import { repaymentFor } from "./repayment";
import { feeScheduleFor } from "./fees";
import { resolveProvider } from "./settings";

const now = new Date("2025-06-15T00:00:00Z");
const good = { selfAssessedCreditScore: "GREAT", purchasePrice: 30000, loanTerm: 5, year: 2022, vin: "LVVDB21B6PD123456", nvic: "0ABC22", whoIsHelping: "" };
const site = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);

describe("validateQuoteRequest", () => {
  it("accepts the page's body", () => {
    const v = validateQuoteRequest(good, now);
    expect(v).toEqual({ ok: true, value: good });
  });
  it("accepts a JSON string, missing or null vin/nvic/whoIsHelping, and upper-cases identifiers", () => {
    const v = validateQuoteRequest(JSON.stringify({ ...good, vin: "lvvdb21b6pd123456", nvic: null, whoIsHelping: undefined }), now);
    expect(v.ok && v.value).toMatchObject({ vin: "LVVDB21B6PD123456", nvic: "", whoIsHelping: "" });
  });
  it.each<[string, unknown, string]>([
    ["body", "not json", "body"],
    ["body", null, "body"],
    ["body", [good], "body"],
    ["selfAssessedCreditScore", { ...good, selfAssessedCreditScore: "GOOD" }, "selfAssessedCreditScore"],
    ["selfAssessedCreditScore", { ...good, selfAssessedCreditScore: undefined }, "selfAssessedCreditScore"],
    ["purchasePrice", { ...good, purchasePrice: 0 }, "purchasePrice"],
    ["purchasePrice", { ...good, purchasePrice: -5 }, "purchasePrice"],
    ["purchasePrice", { ...good, purchasePrice: "30000" }, "purchasePrice"],
    ["purchasePrice", { ...good, purchasePrice: 1e12 }, "purchasePrice"],
    ["loanTerm", { ...good, loanTerm: 0 }, "loanTerm"],
    ["loanTerm", { ...good, loanTerm: 5.5 }, "loanTerm"],
    ["loanTerm", { ...good, loanTerm: 8 }, "loanTerm"],
    ["year", { ...good, year: "2022" }, "year"],
    ["year", { ...good, year: 1800 }, "year"],
    ["year", { ...good, year: 2027 }, "year"],
    ["vin", { ...good, vin: "LVVDB21B6PD12345678" }, "vin"],
    ["vin", { ...good, vin: "LVV-DB21" }, "vin"],
    ["vin", { ...good, vin: 12345 }, "vin"],
    ["nvic", { ...good, nvic: "ABC DEF" }, "nvic"],
    ["whoIsHelping", { ...good, whoIsHelping: 3 }, "whoIsHelping"],
  ])("names the field at fault (%s)", (_n, body, field) => {
    const v = validateQuoteRequest(body, now);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.status).toBe(400);
      expect(v.body.field).toBe(field);
      expect(v.body.message).toMatch(field === "body" ? /body/ : new RegExp(field));
    }
  });
});

describe("embedded adapter", () => {
  it("quotes the full price weekly at the provider's rate, with its benchmark comparison rate", async () => {
    const q = await embeddedQuoteProvider(site).quote(good as QuoteRequest);
    // Standard provider: 10%, no fees, 5 years weekly.
    expect(q).toEqual({
      weeklyRepaymentAmount: repaymentFor({ price: 30000, annualRate: 10, termYears: 5, frequency: "weekly" }).payment,
      advertisedRate: 10,
      comparisonRate: 10,
    });
    expect(q.weeklyRepaymentAmount).toBe(146.73);
  });
  it("uses another provider's fees and rounding, and the comparison rate computed from them", async () => {
    const prime = await embeddedQuoteProvider(site, "prime").quote(good as QuoteRequest);
    const p = resolveProvider(SAMPLE_PROVIDERS.prime);
    expect(prime.advertisedRate).toBe(8.5);
    expect(prime.weeklyRepaymentAmount).toBe(
      repaymentFor({ price: 30000, annualRate: 8.5, termYears: 5, frequency: "weekly", fees: feeScheduleFor(p.fees), rounding: "up-cent" }).payment,
    );
    expect(prime.comparisonRate).toBe(10.32); // 10.3215 from the independent reference, to 2 decimals
    const flexi = await embeddedQuoteProvider(site, "flexi").quote({ ...(good as QuoteRequest), loanTerm: 7 });
    // No fees: the benchmark comparison rate is the rate itself (a typed 7.45% once stood here).
    expect(flexi.comparisonRate).toBe(6.99);
    // Flexi allows at most 5 years, so a 7-year request is quoted over 5.
    expect(flexi.weeklyRepaymentAmount).toBe(repaymentFor({ price: 30000, annualRate: 6.99, termYears: 5, frequency: "weekly" }).payment);
  });
});

describe("handleQuoteRequest", () => {
  it("answers 200 with the quote", async () => {
    const r = await handleQuoteRequest(good, site);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ weeklyRepaymentAmount: 146.73, advertisedRate: 10, comparisonRate: 10 });
  });
  it("answers 400 naming the field before calling any adapter", async () => {
    let called = false;
    const spy: QuoteProvider = { quote: async () => ((called = true), { weeklyRepaymentAmount: 1, advertisedRate: 1, comparisonRate: 1 }) };
    const r = await handleQuoteRequest({ ...good, purchasePrice: 0 }, site, spy);
    expect(r).toEqual({ status: 400, body: { field: "purchasePrice", message: expect.stringContaining("purchasePrice") } });
    expect(called).toBe(false);
  });
  it("answers 404 when the site has no finance settings", async () => {
    expect((await handleQuoteRequest(good, null)).status).toBe(404);
  });
  it.each([
    [new QuoteUpstreamError("timeout", "slow"), 504],
    [new QuoteUpstreamError("network", "down"), 502],
    [new QuoteUpstreamError("invalid-response", "junk"), 502],
    [new QuoteUpstreamError("http", "500", 500), 502],
    [new QuoteUpstreamError("http", "404", 404), 422],
    [new Error("bug"), 500],
  ])("maps adapter failures (%s) to %i", async (err, status) => {
    const failing: QuoteProvider = { quote: async () => Promise.reject(err) };
    const r = await handleQuoteRequest(good, site, failing);
    expect(r.status).toBe(status);
    expect((r.body as { message: string }).message.length).toBeGreaterThan(0);
  });
});

describe("remote adapter against a local fake provider", () => {
  let server: Server;
  let baseUrl: string;
  const seen: Array<{ url?: string; method?: string; headers: IncomingMessage["headers"]; body: unknown }> = [];
  const behaviours: Record<string, (res: ServerResponse) => void> = {
    ok: (res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ weeklyRepaymentAmount: 131.5, advertisedRate: 7.49, comparisonRate: 8.12, extra: "ignored" })),
    error: (res) => res.writeHead(503).end("down"),
    declined: (res) => res.writeHead(400, { "content-type": "application/json" }).end('{"error":"unknown vin"}'),
    junk: (res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>"),
    partial: (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"weeklyRepaymentAmount":131.5}'),
    // Never answers (the connection is closed after the tests): only the client's time limit ends the call.
    slow: () => {},
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => {
        seen.push({ url: req.url, method: req.method, headers: req.headers, body: JSON.parse(data || "null") });
        const mode = req.url?.split("/")[1] ?? "ok";
        (behaviours[mode] ?? behaviours.ok)(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("POSTs the request as JSON to {baseUrl}/quote and returns the three fields", async () => {
    const q = await remoteQuoteProvider({ baseUrl: `${baseUrl}/ok/`, timeoutMs: site.quote.timeoutMs, headers: { "x-api-key": "test-key" } }).quote(
      good as QuoteRequest,
    );
    expect(q).toEqual({ weeklyRepaymentAmount: 131.5, advertisedRate: 7.49, comparisonRate: 8.12 });
    const last = seen.at(-1)!;
    expect(last.method).toBe("POST");
    expect(last.url).toBe("/ok/quote");
    expect(last.headers["content-type"]).toBe("application/json");
    expect(last.headers["x-api-key"]).toBe("test-key");
    expect(last.body).toEqual(good);
  });
  it("is what the settings pick, end to end through the handler", async () => {
    const remoteSite = resolveFinanceSettings({ ...SAMPLE_FINANCE_SETTINGS, quote: { adapter: "remote", baseUrl: `${baseUrl}/ok` } });
    const r = await handleQuoteRequest(good, remoteSite);
    expect(r).toEqual({ status: 200, body: { weeklyRepaymentAmount: 131.5, advertisedRate: 7.49, comparisonRate: 8.12 } });
  });
  it("turns each upstream failure into a clear status", async () => {
    const through = (mode: string, timeoutMs = 2000) => handleQuoteRequest(good, site, remoteQuoteProvider({ baseUrl: `${baseUrl}/${mode}`, timeoutMs }));
    expect((await through("error")).status).toBe(502);
    expect((await through("declined")).status).toBe(422);
    expect(await through("junk")).toEqual({ status: 502, body: { message: expect.stringMatching(/JSON/) } });
    expect(await through("partial")).toEqual({ status: 502, body: { message: expect.stringMatching(/comparisonRate/) } });
    expect(await through("slow", 100)).toEqual({ status: 504, body: { message: expect.stringMatching(/100 ms/) } });
  });
  it("reports an unreachable provider as 502", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await handleQuoteRequest(good, site, remoteQuoteProvider({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: site.quote.timeoutMs }));
    expect(r.status).toBe(502);
    expect((r.body as { message: string }).message).toMatch(/unreachable/);
  });
  it("refuses a remote config without a base URL", () => {
    expect(() => resolveFinanceSettings({ ...SAMPLE_FINANCE_SETTINGS, quote: { adapter: "remote" } })).toThrow(/baseUrl/);
    const s = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);
    expect(() => quoteProviderFor({ ...s, quote: { ...s.quote, adapter: "remote" } })).toThrow(/baseUrl/);
  });
});
