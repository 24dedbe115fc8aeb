import { describe, expect, it } from "vitest";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { dealerPage } from "./dealer-page";
import { contextFor, DIRECTORY, siteTenant, UNAVAILABLE } from "./test-fixtures";

const tenant = siteTenant();
const CSP = { "x-dealer-csp": JSON.stringify(dealerCspSources(tenant.manifest)) };
const HOST = { host: "sunshine-chery.localhost:3000" };
const CACHED = /^\/_cached\/http\/sunshine-chery\.localhost%3A3000\/[a-z0-9]+-[a-z0-9]+\/cars\/2021-mg-zs-abc123$/;

describe("gate: a dealer's page", () => {
  it("rewrites a vehicle page read to the cached route for this host, painting first, with the dealer's CSP sources", () => {
    for (const method of ["GET", "HEAD"]) {
      const decision = dealerPage(contextFor(tenant, "/cars/2021-mg-zs-abc123", { ...HOST, method }));
      expect(decision, method).toEqual({ kind: "rewrite", target: expect.stringMatching(CACHED), headers: { ...CSP, "x-paint-first": "1" } });
    }
  });

  it("keys the cached route by the forwarded host and protocol", () => {
    const decision = dealerPage(
      contextFor(tenant, "/cars/x", { host: "127.0.0.1:3000", headers: { "x-forwarded-host": "www.sunshinechery.com.au", "x-forwarded-proto": "https" } }),
    );
    expect(decision).toMatchObject({ kind: "rewrite", target: expect.stringContaining("/_cached/https/www.sunshinechery.com.au/") });
  });

  it("lets other pages through with the CSP sources, marking those that paint first", () => {
    expect(dealerPage(contextFor(tenant, "/cars/2021-mg-zs-abc123?utm_source=ad", HOST))).toEqual({ kind: "next", headers: { ...CSP, "x-paint-first": "1" } });
    expect(dealerPage(contextFor(tenant, "/search/new-used-and-demo-cars?make=Chery", HOST))).toEqual({
      kind: "next",
      headers: { ...CSP, "x-paint-first": "1" },
    });
    // Form pages whose forms work before their code paint first too; one whose form needs its code does not.
    for (const p of ["/finance", "/contact"])
      expect(dealerPage(contextFor(tenant, p, HOST)), p).toEqual({ kind: "next", headers: { ...CSP, "x-paint-first": "1" } });
    for (const p of ["/trade-in", "/no-such-page", "/api/leads"]) expect(dealerPage(contextFor(tenant, p, HOST)), p).toEqual({ kind: "next", headers: CSP });
  });

  it("neither caches nor paints first a write", () => {
    expect(dealerPage(contextFor(tenant, "/cars/2021-mg-zs-abc123", { ...HOST, method: "POST" }))).toEqual({ kind: "next", headers: CSP });
  });

  it("passes on anything but a dealer", () => {
    for (const t of [DIRECTORY, UNAVAILABLE]) expect(dealerPage(contextFor(t, "/cars/x")), t.kind).toBeNull();
  });
});
