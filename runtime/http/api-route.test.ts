import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tenant } from "../tenant";
import { apiError, apiRoute, clearedCookie, cookieHeader, fromValidator, json, seeOther, type BodyCheck } from "./api-route";
import { createLimiters } from "./rate-limit";

const site = { kind: "site", slug: "sunshine-chery", manifest: {} } as unknown as Tenant;
const seams = (tenant: Tenant = site, env: Record<string, string> = {}) => {
  const limiters = createLimiters({ env });
  return { resolve: () => tenant, limiters: () => limiters };
};
const post = (body: string | null, headers: Record<string, string> = {}) =>
  new Request("http://sunshine-chery.localhost/api/x", {
    method: "POST",
    body,
    headers: { host: "sunshine-chery.localhost", "x-forwarded-for": "198.51.100.4", "x-request-id": "req-1", ...headers },
  });

afterEach(() => vi.restoreAllMocks());

describe("apiRoute", () => {
  it("refuses a host that is not a dealer site with 404, and lets anyHost routes answer there", async () => {
    const handle = vi.fn(() => json(200, { ok: true }));
    const siteOnly = apiRoute({ name: "t", limit: null, stateChanging: false, handle, ...seams({ kind: "directory" }) });
    expect((await siteOnly(post(null))).status).toBe(404);
    expect(handle).not.toHaveBeenCalled();
    const anyHost = apiRoute({ name: "t", limit: null, stateChanging: false, anyHost: true, handle, ...seams({ kind: "directory" }) });
    expect((await anyHost(post(null))).status).toBe(200);
  });

  it("refuses a cross-site write before reading the body", async () => {
    const handle = vi.fn(() => json(200, {}));
    const route = apiRoute({ name: "t", limit: null, stateChanging: true, body: "json", handle, ...seams() });
    const res = await route(post("{", { "sec-fetch-site": "cross-site" }));
    expect(res.status).toBe(403);
    expect(handle).not.toHaveBeenCalled();
  });

  it("takes a point from the route's rate limit and answers 429 past it", async () => {
    const route = apiRoute({
      name: "t",
      limit: "phone-reveal",
      stateChanging: false,
      handle: () => json(200, {}),
      ...seams(site, { API_RATE_LIMIT_SCALE: "0.05" }),
    });
    expect((await route(post(null))).status).toBe(200);
    const res = await route(post(null));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  it("lets a handler spend more points of a limit, from the same client's and dealer's allowance", async () => {
    const seen: Array<{ ok: boolean }> = [];
    const route = apiRoute({
      name: "t",
      limit: null,
      stateChanging: false,
      handle: async (ctx) => {
        seen.push(await ctx.spend("search-work", 1000));
        return json(200, {});
      },
      ...seams(),
    });
    await route(post(null));
    await route(post(null));
    // Another client's allowance is its own.
    await route(post(null, { "x-forwarded-for": "198.51.100.5" }));
    expect(seen.map((s) => s.ok)).toEqual([true, false, true]);
  });

  it("answers 400 with a message on malformed JSON, a JSON array and a non-object, never calling the handler", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const handle = vi.fn(() => json(200, {}));
    const route = apiRoute({ name: "t", limit: null, stateChanging: true, body: "json", handle, ...seams() });
    for (const bad of ["{", "[1]", "3", ""]) {
      const res = await route(post(bad, { "content-type": "application/json" }));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.message).toMatch(/JSON object/);
      expect(body.errors).toHaveLength(1);
    }
    expect(handle).not.toHaveBeenCalled();
  });

  it("answers 413 to a body over the route's limit, by its declared or its real length", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const route = apiRoute({ name: "t", limit: null, stateChanging: true, body: "text", maxBodyBytes: 10, handle: () => json(200, {}), ...seams() });
    expect((await route(post("x".repeat(11)))).status).toBe(413);
    expect((await route(post("x".repeat(10)))).status).toBe(200);
  });

  it("reads a form post and a JSON object alike as fields, keeping repeated [] names", async () => {
    let seen: unknown;
    const route = apiRoute({ name: "t", limit: null, stateChanging: true, body: "fields", handle: ({ body }) => ((seen = body), json(200, {})), ...seams() });
    await route(post("name=Ann&tag[]=a&tag[]=b&name=Bea", { "content-type": "application/x-www-form-urlencoded" }));
    expect(seen).toEqual({ name: "Bea", tag: ["a", "b"] });
    await route(post(JSON.stringify({ name: "Cy", n: 2 }), { "content-type": "application/json" }));
    expect(seen).toEqual({ name: "Cy", n: 2 });
  });

  it("runs the route's check and answers 400 with every field at fault", async () => {
    const check = (raw: unknown): BodyCheck<{ n: number }> => {
      const n = (raw as Record<string, unknown>).n;
      return typeof n === "number" ? { ok: true, value: { n } } : { ok: false, errors: [{ field: "n", message: "Enter a number." }] };
    };
    const route = apiRoute({
      name: "t",
      limit: null,
      stateChanging: true,
      body: "json",
      check,
      handle: ({ body }) => json(200, { double: body.n * 2 }),
      ...seams(),
    });
    expect(await (await route(post('{"n":4}'))).json()).toEqual({ double: 8 });
    const res = await route(post('{"n":"x"}'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Please fix the following errors:", status: 400, errors: [{ field: "n", message: "Enter a number." }] });
  });

  it("turns a generated validator's errors into fields", () => {
    const validate = Object.assign((d: unknown) => (d as { a?: unknown }).a === 1, {
      errors: [
        { instancePath: "", message: "must have required property 'a'", params: { missingProperty: "a" } },
        { instancePath: "/b/c", message: "must be string" },
      ],
    });
    expect(fromValidator(validate)({ a: 1 })).toEqual({ ok: true, value: { a: 1 } });
    expect(fromValidator(validate)({})).toEqual({
      ok: false,
      errors: [
        { field: "a", message: "must have required property 'a'" },
        { field: "b.c", message: "must be string" },
      ],
    });
  });

  it("gives the handler the tenant, awaited params, cookies, the request id and whether it came over HTTPS", async () => {
    let ctx: Record<string, unknown> = {};
    const route = apiRoute<undefined, { slug: string }>({
      name: "t",
      limit: null,
      stateChanging: false,
      handle: (c) => {
        ctx = { slug: c.params.slug, tenant: c.tenant.slug, sid: c.cookie("sid"), other: c.cookie("nope"), https: c.https, id: c.requestId, origin: c.origin };
        return json(200, {});
      },
      ...seams(),
    });
    await route(post(null, { cookie: "a=1; sid=abc%20def", "x-forwarded-proto": "https" }), { params: Promise.resolve({ slug: "car-1" }) });
    expect(ctx).toEqual({
      slug: "car-1",
      tenant: "sunshine-chery",
      sid: "abc def",
      other: undefined,
      https: true,
      id: "req-1",
      origin: "https://sunshine-chery.localhost",
    });
  });

  it("answers 500 with a plain message when the handler throws, and logs the request id but nothing of the body", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((l) => (lines.push(String(l)), true));
    const route = apiRoute({
      name: "boom",
      limit: null,
      stateChanging: true,
      body: "json",
      handle: () => {
        throw new TypeError("ann@example.com");
      },
      ...seams(),
    });
    const res = await route(post('{"email":"ann@example.com"}'));
    expect(res.status).toBe(500);
    expect((await res.json()).message).toMatch(/Nothing was lost/);
    const line = JSON.parse(lines.join(""));
    expect(line).toMatchObject({ level: "error", event: "api-failed", route: "boom", site: "sunshine-chery", request_id: "req-1", error: "TypeError" });
    expect(lines.join("")).not.toContain("ann@example.com");
  });

  it("treats a cookie it cannot decode, or one longer than a browser keeps, as absent", async () => {
    const seen: Array<string | undefined> = [];
    const route = apiRoute({
      name: "t",
      limit: null,
      stateChanging: false,
      handle: (c) => (seen.push(c.cookie("sid"), c.cookie("ok")), json(200, {})),
      ...seams(),
    });
    for (const cookie of ["sid=%ZZ; ok=1", "sid=%E0%A4%A; ok=1", `sid=${"a".repeat(5000)}; ok=1`]) {
      const res = await route(post(null, { cookie }));
      expect(res.status).toBe(200);
    }
    expect(seen).toEqual([undefined, "1", undefined, "1", undefined, "1"]);
  });

  it("answers 400 to a form route sent something that is not a form, and reads a form sent without a type", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let seen: unknown;
    const route = apiRoute({ name: "t", limit: null, stateChanging: true, body: "form", handle: ({ body }) => ((seen = body), json(200, {})), ...seams() });
    for (const [text, type] of [
      ['{"secret":"x"}', "application/json"],
      ["null", "application/json"],
      ["secret=x", "text/plain"],
    ]) {
      const res = await route(post(text, { "content-type": type }));
      expect(res.status, type).toBe(400);
      expect((await res.json()).message).toBe("The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).");
    }
    expect(seen).toBeUndefined();
    expect((await route(new Request("http://sunshine-chery.localhost/api/x", { method: "POST", body: new TextEncoder().encode("a=1") }))).status).toBe(200);
    expect(seen).toEqual({ a: "1" });
  });

  it("stops reading a streamed body at the cap, with no length declared", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      // A megabyte in 1 KB chunks: a reader that waits for the whole body before counting pulls all of them.
      pull(controller) {
        pulled++;
        if (pulled > 1024) controller.close();
        else controller.enqueue(new Uint8Array(1024).fill(97));
      },
    });
    const route = apiRoute({ name: "t", limit: null, stateChanging: true, body: "text", maxBodyBytes: 4096, handle: () => json(200, {}), ...seams() });
    const request = new Request("http://sunshine-chery.localhost/api/x", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    expect((await route(request)).status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it("lets a plain form post answer an unreadable body its own way", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const route = apiRoute({
      name: "t",
      limit: null,
      stateChanging: true,
      body: "json",
      onUnreadable: () => seeOther("/back?error=invalid"),
      handle: () => json(200, {}),
      ...seams(),
    });
    const res = await route(post("{"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/back?error=invalid");
  });
});

describe("answers", () => {
  it("are never cached and say what went wrong", async () => {
    const res = apiError(409, "Already used.", [{ field: "key", message: "Used" }], { "x-a": "1" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-a")).toBe("1");
    expect(await res.json()).toEqual({ message: "Already used.", status: 409, errors: [{ field: "key", message: "Used" }] });
  });
  it("303 carries each cookie", () => {
    const res = seeOther("/done", ["a=1", "b=2"]);
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
  it("cookies are HttpOnly, Lax and Secure over HTTPS, and clear with Max-Age=0", () => {
    expect(cookieHeader("s", "a b", { secure: true, maxAge: 60 })).toBe("s=a%20b; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(clearedCookie("s", { secure: false, path: "/cars/x" })).toBe("s=; Max-Age=0; Path=/cars/x; HttpOnly; SameSite=Lax");
  });
});
