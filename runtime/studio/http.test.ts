import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tenant } from "../tenant";
import { createLimiters } from "../http/rate-limit";
import { STUDIO_EDIT, studioApiRoute, studioEdit, type StudioEdit } from "./http";
import { studioSignIn } from "./sign-in";

const seams = (tenant: Tenant = { kind: "directory" }) => ({ resolve: () => tenant, limiters: () => createLimiters({ env: {} }) });
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("https://localhost/_studio/check/x", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("studioApiRoute", () => {
  const handle = vi.fn((ctx: { body: StudioEdit }) => Response.json({ ok: true, got: ctx.body.baseText }));
  const edit = (tenant?: Tenant) => studioApiRoute<StudioEdit>({ name: "studio.t", ...STUDIO_EDIT, handle, ...seams(tenant) });
  const good = JSON.stringify({ baseText: "{}", value: { a: 1 } });

  it("answers on the directory host only, and only with the studio secret", async () => {
    vi.stubEnv("STUDIO_SECRET", "open-sesame");
    const site = { kind: "site", slug: "x", manifest: {} } as unknown as Tenant;
    expect((await edit(site)(post(good, { "x-studio-secret": "open-sesame" }))).status).toBe(404);
    const refused = await edit()(post(good, { "x-studio-secret": "wrong" }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ok: false, message: "The studio needs its secret.", errors: [] });
    expect(handle).not.toHaveBeenCalled();
    const res = await edit()(post(good, { cookie: "a=1; studio-secret=open-sesame" }));
    expect(await res.json()).toEqual({ ok: true, got: "{}" });
  });

  it("refuses a cross-site post, a malformed body, and an edit without baseText or value", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect((await edit()(post(good, { "sec-fetch-site": "cross-site" }))).status).toBe(403);
    expect((await edit()(post("{"))).status).toBe(400);
    const missing = await edit()(post(JSON.stringify({ value: 1 })));
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ field: "baseText", message: "The file's text as the studio read it is needed." }]);
    expect(studioEdit({ baseText: "x" })).toMatchObject({ ok: false, errors: [{ field: "value" }] });
  });
});

describe("POST /studio/sign-in", () => {
  const signIn = studioApiRoute({ name: "studio.sign-in", open: true, body: "form", handle: studioSignIn, ...seams() });
  const form = (secret: string) =>
    new Request("https://localhost/_studio/sign-in", {
      method: "POST",
      body: new URLSearchParams({ secret }),
      headers: { "x-forwarded-proto": "https" },
    });

  it("sets a Secure, Strict cookie for /studio when the secret matches, and nothing otherwise", async () => {
    vi.stubEnv("STUDIO_SECRET", "open-sesame");
    const ok = await signIn(form("open-sesame"));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/studio");
    expect(ok.headers.get("set-cookie")).toBe("studio-secret=open-sesame; Path=/studio; HttpOnly; Secure; SameSite=Strict");
    const wrong = await signIn(form("nope"));
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });
});
