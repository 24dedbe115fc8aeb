import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// handleRevalidate (POST /api/revalidate) with Next's tag expiry stubbed: what it expires for
// each body, and the answers to a missing secret, a wrong secret and a malformed body.
const expired: [string, unknown][] = [];
vi.mock("next/cache", async (original) => ({
  ...(await original<typeof import("next/cache")>()),
  revalidateTag: (tag: string, profile: unknown) => void expired.push([tag, profile]),
}));
const { REVALIDATE_ROUTE, RELAY_HEADER } = await import("./revalidate");
const { carTag, dealerTag } = await import("@/runtime/page-cache/tags");
const { apiRoute } = await import("@/runtime/http/api-route");
const { createLimiters } = await import("@/runtime/http/rate-limit");
const { setPageForget } = await import("@/runtime/http/server-bridge.mjs");
// The production server's store of finished pages, as scripts/server.mjs registers it.
const forgotten: string[] = [];
const everywhere: boolean[] = [];
setPageForget((slug, all) => void (forgotten.push(slug), everywhere.push(all)));

const SECRET = "unit-secret";
// The route as app/api/revalidate declares it, on a host that is no dealer's.
const route = apiRoute({ ...REVALIDATE_ROUTE, resolve: () => ({ kind: "directory" }), limiters: () => createLimiters({ env: {} }) });
const post = (body: string, secret = SECRET, headers: Record<string, string> = {}) =>
  route(new Request("http://x/api/revalidate", { method: "POST", headers: { authorization: `Bearer ${secret}`, ...headers }, body }));

beforeEach(() => {
  vi.stubEnv("MANIFEST_REVALIDATE_SECRET", SECRET);
  expired.length = 0;
  forgotten.length = 0;
  everywhere.length = 0;
});
afterEach(() => vi.unstubAllEnvs());

describe("POST /api/revalidate", () => {
  it("is off (404) without a configured secret and refuses a wrong one (401)", async () => {
    expect((await post("", "wrong-secret")).status).toBe(401);
    vi.stubEnv("MANIFEST_REVALIDATE_SECRET", "");
    expect((await post("")).status).toBe(404);
    expect(expired).toEqual([]);
  });

  it("with no body re-reads the manifests and lists every site, expiring no tag", async () => {
    const res = await post("");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sites.map((s: { slug: string }) => s.slug)).toContain("sunshine-chery");
    expect(body.expired).toBeUndefined();
    expect(expired).toEqual([]);
  });

  it("expires one car's tag for {site, car}, and the dealer's tag for {site}, at once", async () => {
    expect((await (await post(JSON.stringify({ site: "sunshine-chery", car: "2021-mg-zs-abc123" }))).json()).expired).toBe(
      carTag("sunshine-chery", "2021-mg-zs-abc123"),
    );
    expect((await (await post(JSON.stringify({ site: "harbour-motor-group" }))).json()).expired).toBe(dealerTag("harbour-motor-group"));
    expect(expired).toEqual([
      [carTag("sunshine-chery", "2021-mg-zs-abc123"), { expire: 0 }],
      [dealerTag("harbour-motor-group"), { expire: 0 }],
    ]);
    // The server's stored pages of those dealers go too, in the store every process shares as well.
    expect(forgotten).toEqual(["sunshine-chery", "harbour-motor-group"]);
    expect(everywhere).toEqual([true, true]);
  });

  it("an expiry relayed from another process forgets this process's stored pages only (the shared ones went where it began)", async () => {
    expect((await post(JSON.stringify({ site: "sunshine-chery" }), SECRET, { [RELAY_HEADER]: "1" })).status).toBe(200);
    expect(expired).toEqual([[dealerTag("sunshine-chery"), { expire: 0 }]]);
    expect(forgotten).toEqual(["sunshine-chery"]);
    expect(everywhere).toEqual([false]);
  });

  it("answers 400 with the expected shape to a malformed body, expiring nothing", async () => {
    for (const body of [
      "not json",
      "[]",
      "42",
      JSON.stringify({ car: "x" }),
      JSON.stringify({ site: "Bad Slug!" }),
      JSON.stringify({ site: "ok", car: 7 }),
      JSON.stringify({ site: "ok", car: "../x" }),
    ]) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).message, body).toBe('body must be empty or {"site": "<slug>", "car"?: "<slug>"}');
    }
    expect(expired).toEqual([]);
    expect(forgotten).toEqual([]);
  });
});
