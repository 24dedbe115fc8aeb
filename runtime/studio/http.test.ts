import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tenant } from "../tenant";
import { createLimiters } from "../http/rate-limit";
import { openDb, type Db } from "../db";
import { studioMode } from "./access";
import { STUDIO_EDIT, studioApiRoute, studioEdit, type StudioEdit } from "./http";
import { createStudioSession, endStudioSession, studioSessionSubject } from "./sessions";
import { signInAnswer, studioSignIn, STUDIO_SIGN_IN_MESSAGES, type StudioAuthDeps } from "./sign-in";

const SECRET = "open-sesame-open-sesame";
let db: Db;
beforeAll(async () => {
  db = await openDb({ pgliteDir: "memory://" });
}, 60_000);
afterAll(() => db?.close());

const auth = (extra: Partial<StudioAuthDeps> = {}): StudioAuthDeps => ({ mode: studioMode(SECRET, true), db: async () => db, ...extra });
const seams = (tenant: Tenant = { kind: "directory" }) => ({ resolve: () => tenant, limiters: () => createLimiters({ env: {} }) });
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("https://localhost/_studio/check/x", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("studioApiRoute", () => {
  const handle = vi.fn((ctx: { body: StudioEdit }) => Response.json({ ok: true, got: ctx.body.baseText }));
  const edit = (tenant?: Tenant, deps = auth()) => studioApiRoute<StudioEdit>({ name: "studio.t", ...STUDIO_EDIT, handle, auth: deps, ...seams(tenant) });
  const good = JSON.stringify({ baseText: "{}", value: { a: 1 } });

  it("answers on the directory host only, and only with a live studio session (never the secret itself)", async () => {
    const { id } = await createStudioSession(db, "studio-secret");
    const site = { kind: "site", slug: "x", manifest: {} } as unknown as Tenant;
    expect((await edit(site)(post(good, { cookie: `studio-session=${id}` }))).status).toBe(404);
    const tries: Array<Record<string, string>> = [
      { "x-studio-secret": SECRET },
      { cookie: `studio-secret=${SECRET}` },
      { cookie: `studio-session=${"b".repeat(43)}` },
      {},
    ];
    for (const headers of tries) {
      const refused = await edit()(post(good, headers));
      expect(refused.status, JSON.stringify(headers)).toBe(401);
    }
    expect(handle).not.toHaveBeenCalled();
    const res = await edit()(post(good, { cookie: `a=1; studio-session=${id}` }));
    expect(await res.json()).toEqual({ ok: true, got: "{}" });
    // A session past its time opens nothing, and says so.
    const later = await edit(undefined, auth({ now: () => new Date(Date.now() + 13 * 3_600_000) }))(post(good, { cookie: `studio-session=${id}` }));
    expect(later.status).toBe(401);
    expect(await later.json()).toEqual({ ok: false, message: STUDIO_SIGN_IN_MESSAGES.ended, errors: [] });
  });

  it("ends a session when its row is deleted; an id of the wrong shape is never looked up", async () => {
    const { id } = await createStudioSession(db, "staff:42");
    expect(await studioSessionSubject(db, id)).toBe("staff:42");
    await endStudioSession(db, id);
    expect(await studioSessionSubject(db, id)).toBeNull();
    expect(await studioSessionSubject(db, "%ZZ")).toBeNull();
  });

  it("keeps the studio closed when the secret is too short, saying why", async () => {
    const { id } = await createStudioSession(db, "studio-secret");
    const res = await edit(undefined, auth({ mode: studioMode("short", true) }))(post(good, { cookie: `studio-session=${id}` }));
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/STUDIO_SECRET is 5 characters long/);
  });

  it("refuses a cross-site post, a malformed body, and an edit without baseText or value", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const open = auth({ mode: studioMode(undefined, false) });
    expect((await edit(undefined, open)(post(good, { "sec-fetch-site": "cross-site" }))).status).toBe(403);
    expect((await edit(undefined, open)(post("{"))).status).toBe(400);
    expect((await edit(undefined, open)(post("null"))).status).toBe(400);
    const missing = await edit(undefined, open)(post(JSON.stringify({ value: 1 })));
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ field: "baseText", message: "The file's text as the studio read it is needed." }]);
    expect(studioEdit({ baseText: "x" })).toMatchObject({ ok: false, errors: [{ field: "value" }] });
  });
});

describe("POST /studio/sign-in", () => {
  const lines: string[] = [];
  const signInRoute = (deps: StudioAuthDeps) =>
    studioApiRoute<Record<string, string | string[]>>({
      name: "studio.sign-in",
      open: true,
      body: "form",
      onUnreadable: (_r, message) => signInAnswer(400, message),
      handle: (ctx) => studioSignIn(ctx, deps),
      ...seams(),
    });
  const form = (secret: string | null, headers: Record<string, string> = {}) =>
    new Request("https://localhost/_studio/sign-in", {
      method: "POST",
      body: secret === null ? new URLSearchParams() : new URLSearchParams({ secret }),
      headers: { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.7", ...headers },
    });
  const capture = () => {
    lines.length = 0;
    vi.spyOn(process.stderr, "write").mockImplementation((l) => (lines.push(String(l)), true));
    vi.spyOn(process.stdout, "write").mockImplementation((l) => (lines.push(String(l)), true));
  };

  it("opens a session: the cookie holds a random id (Secure, HttpOnly, Strict, for /studio), the database only its hash", async () => {
    capture();
    const ok = await signInRoute(auth({ limiters: createLimiters({ env: {} }) }))(form(SECRET));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/studio");
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^studio-session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/studio; HttpOnly; Secure; SameSite=Strict$/);
    expect(cookie).not.toContain(SECRET);
    const id = /^studio-session=([^;]+)/.exec(cookie)![1];
    const rows = await db.query<{ id_hash: string; subject: string }>("SELECT id_hash, subject FROM studio_sessions");
    expect(rows.map((r) => r.subject)).toContain("studio-secret");
    expect(JSON.stringify(rows)).not.toContain(id);
    // That session opens the studio.
    const edit = studioApiRoute<StudioEdit>({ name: "studio.t", ...STUDIO_EDIT, handle: () => Response.json({ ok: true }), auth: auth(), ...seams() });
    expect((await edit(post(JSON.stringify({ baseText: "", value: 1 }), { cookie: `studio-session=${id}` }))).status).toBe(200);
    expect(lines.join("")).toContain('"outcome":"signed-in"');
  });

  it("answers a wrong or missing secret with the form saying so, and logs the attempt without the secret or the address", async () => {
    capture();
    const route = signInRoute(auth({ limiters: createLimiters({ env: {} }) }));
    const wrong = await route(form("not-the-secret-at-all"));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await wrong.text()).toContain(STUDIO_SIGN_IN_MESSAGES.wrong);
    const missing = await route(form(null));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(STUDIO_SIGN_IN_MESSAGES.missing);
    const log = lines.join("");
    expect(log).toContain('"outcome":"wrong-secret"');
    expect(log).toContain('"outcome":"no-secret"');
    expect(log).not.toContain("not-the-secret-at-all");
    expect(log).not.toContain("198.51.100.7");
  });

  it("answers a body that is not a form with 400 and the form, saying what was wrong", async () => {
    capture();
    const route = signInRoute(auth({ limiters: createLimiters({ env: {} }) }));
    for (const [body, type] of [
      [JSON.stringify({ secret: SECRET }), "application/json"],
      ["null", "application/json"],
      [`secret=${SECRET}`, "text/plain"],
    ]) {
      const res = await route(new Request("https://localhost/_studio/sign-in", { method: "POST", body, headers: { "content-type": type } }));
      expect(res.status, type).toBe(400);
      expect(await res.text()).toContain("The request body must be a form");
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("limits attempts per client: past ten, even the right secret is refused (429) until the window ends; another client is not affected", async () => {
    capture();
    const route = signInRoute(auth({ limiters: createLimiters({ env: {} }) }));
    for (let i = 0; i < 10; i++) expect((await route(form(`guess-number-${i}`))).status).toBe(401);
    const limited = await route(form(SECRET));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.headers.get("set-cookie")).toBeNull();
    expect(await limited.text()).toContain("Too many sign-in attempts from this address. Please wait 10 minutes and try again.");
    expect(lines.join("")).toContain('"outcome":"limited"');
    expect((await route(form(SECRET, { "x-forwarded-for": "203.0.113.9" }))).status).toBe(303);
  });
});
