import { describe, expect, it } from "vitest";
import { checkSameOrigin, sameOriginRefusal } from "./same-origin";

const h = (o: Record<string, string>) => new Headers({ host: "sunshine-chery.localhost:3000", "x-forwarded-proto": "http", ...o });

describe("checkSameOrigin", () => {
  it("lets the site's own pages through (Sec-Fetch-Site or a matching Origin)", () => {
    expect(checkSameOrigin(h({ "sec-fetch-site": "same-origin" })).ok).toBe(true);
    expect(checkSameOrigin(h({ origin: "http://sunshine-chery.localhost:3000" })).ok).toBe(true);
    expect(checkSameOrigin(h({ "sec-fetch-site": "none" })).ok).toBe(true);
  });
  it("lets a client that is not a browser through (no Origin, no Sec-Fetch-Site)", () => {
    expect(checkSameOrigin(h({})).ok).toBe(true);
  });
  it("refuses another site, a sibling subdomain, an opaque origin and another scheme", () => {
    expect(checkSameOrigin(h({ "sec-fetch-site": "cross-site", origin: "http://sunshine-chery.localhost:3000" }))).toEqual({ ok: false, reason: "cross-site" });
    expect(checkSameOrigin(h({ "sec-fetch-site": "same-site" })).ok).toBe(false);
    expect(checkSameOrigin(h({ origin: "https://evil.example" })).ok).toBe(false);
    expect(checkSameOrigin(h({ origin: "null" })).ok).toBe(false);
    expect(checkSameOrigin(h({ origin: "https://sunshine-chery.localhost:3000" })).ok).toBe(false);
  });
  it("answers a refused request 403 with a message", async () => {
    const res = sameOriginRefusal(new Request("http://x/api/leads", { method: "POST", headers: h({ origin: "https://evil.example" }) }))!;
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/own pages/);
  });
});
