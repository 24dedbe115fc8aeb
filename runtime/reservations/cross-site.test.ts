import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./cross-site";

const req = (headers: Record<string, string>) => new Request("http://sunshine-chery.localhost/api/reservations/checkout", { method: "POST", headers });

describe("cross-site refusal", () => {
  it("lets our own pages and clients without browser headers through", () => {
    expect(isCrossSiteRequest(req({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(req({ "sec-fetch-site": "none" }))).toBe(false);
    expect(isCrossSiteRequest(req({ host: "sunshine-chery.localhost", origin: "http://sunshine-chery.localhost" }))).toBe(false);
    expect(isCrossSiteRequest(req({}))).toBe(false);
  });
  it("refuses another site, another dealer's subdomain (same-site) and an opaque origin", () => {
    expect(isCrossSiteRequest(req({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(req({ "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(req({ host: "sunshine-chery.localhost", origin: "http://harbour-motor-group.localhost" }))).toBe(true);
    expect(isCrossSiteRequest(req({ host: "sunshine-chery.localhost", origin: "null" }))).toBe(true);
  });
});
