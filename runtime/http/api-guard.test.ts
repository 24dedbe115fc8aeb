import { describe, expect, it } from "vitest";
import type { Tenant } from "../tenant";
import { guardApi } from "./api-guard";
import { createLimiters } from "./rate-limit";
import { LIMIT_REFUSAL_HEADER } from "./refused-clients.mjs";

const site = { kind: "site", slug: "sunshine-chery", manifest: {} } as unknown as Tenant;
const post = (headers: Record<string, string> = {}) =>
  new Request("http://sunshine-chery.localhost/api/x", {
    method: "POST",
    headers: { host: "sunshine-chery.localhost", "x-forwarded-for": "198.51.100.4", ...headers },
  });

describe("guardApi", () => {
  it("answers 404 on a host that is not a dealer site", async () => {
    const res = await guardApi(post(), { kind: "unknown" } as Tenant, { limit: null, stateChanging: false }, createLimiters({ env: {} }));
    expect(res?.status).toBe(404);
  });
  it("refuses a cross-site write with 403", async () => {
    const res = await guardApi(post({ "sec-fetch-site": "cross-site" }), site, { limit: null, stateChanging: true }, createLimiters({ env: {} }));
    expect(res?.status).toBe(403);
    expect(await guardApi(post({ "sec-fetch-site": "same-origin" }), site, { limit: null, stateChanging: true }, createLimiters({ env: {} }))).toBeNull();
  });
  it("answers 429 with Retry-After and a message past the client's limit, per client", async () => {
    const limiters = createLimiters({ env: { API_RATE_LIMIT_SCALE: "0.05" } }); // phone-reveal: 1 a minute
    expect(await guardApi(post(), site, { limit: "phone-reveal", stateChanging: true }, limiters)).toBeNull();
    const res = await guardApi(post(), site, { limit: "phone-reveal", stateChanging: true }, limiters);
    expect(res?.status).toBe(429);
    expect(Number(res?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res!.json()).message).toMatch(/Too many requests/);
    // Marked for the production server, which answers the client's next requests itself (refused-clients.mjs).
    expect(res?.headers.get(LIMIT_REFUSAL_HEADER)).toBe("1");
    expect(await guardApi(post({ "x-forwarded-for": "198.51.100.5" }), site, { limit: "phone-reveal", stateChanging: true }, limiters)).toBeNull();
  });
});
