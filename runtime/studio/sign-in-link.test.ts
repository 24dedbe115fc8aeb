import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLimiters } from "../http/rate-limit";
import { openDb, type Db } from "../db";
import type { Tenant } from "../tenant";
import { studioMayPass, studioMode, studioSignInPage } from "./access";
import { studioApiRoute } from "./http";
import { studioAccess, studioReturnPath, studioSignIn, studioSignInForm, STUDIO_SIGN_IN_MESSAGES, type StudioAuthDeps } from "./sign-in";
import {
  createSignInLink,
  currentSignInLink,
  offerSignInLink,
  redeemSignInLink,
  SIGN_IN_LINK_SUBJECT,
  SIGN_IN_LINK_TTL_MS,
  signInLinkAllowed,
  signInLinkUsable,
} from "./sign-in-link";

/** The environment npm start gives the server on a machine with no provider. */
const NPM_START = { NODE_ENV: "production", SINGLE_PROCESS: "1", AUTH_LOCAL_OUTBOX: "on" };

let db: Db;
beforeAll(async () => {
  db = await openDb({ pgliteDir: "memory://" });
}, 60_000);
afterAll(() => db?.close());
afterEach(() => vi.restoreAllMocks());

describe("when the first-run link is offered", () => {
  it("only as npm start runs the server: one process, local stand-ins on, no provider, no STUDIO_SECRET", () => {
    expect(signInLinkAllowed(NPM_START)).toBe(true);
    expect(signInLinkAllowed({ ...NPM_START, STUDIO_SECRET: "a-long-enough-studio-secret" })).toBe(false);
    expect(signInLinkAllowed({ ...NPM_START, SMTP_URL: "smtp://mail.example.com" })).toBe(false);
    expect(signInLinkAllowed({ ...NPM_START, SMS_PROVIDER: "twilio" })).toBe(false);
    expect(signInLinkAllowed({ ...NPM_START, SINGLE_PROCESS: undefined })).toBe(false);
    expect(signInLinkAllowed({ ...NPM_START, AUTH_LOCAL_OUTBOX: undefined })).toBe(false);
    expect(signInLinkAllowed({ ...NPM_START, AUTH_LOCAL_OUTBOX: "off" })).toBe(false);
  });

  it("sets the studio's mode: the link as npm start runs it, the secret when one is set, staff codes with email, closed otherwise", () => {
    expect(studioMode(undefined, true, NPM_START)).toEqual({ kind: "link" });
    expect(studioMode("a-long-enough-studio-secret", true, NPM_START)).toMatchObject({ kind: "secret", codes: true });
    expect(studioMode(undefined, true, { ...NPM_START, SMTP_URL: "smtp://x" })).toEqual({ kind: "staff" });
    expect(studioMode(undefined, true, { NODE_ENV: "production", SINGLE_PROCESS: "1" })).toMatchObject({ kind: "closed" });
    expect(studioMode(undefined, true, { NODE_ENV: "production" })).toMatchObject({ kind: "closed" });
    expect(studioMode(undefined, false, NPM_START)).toEqual({ kind: "open" });
  });

  it("is made at start and printed only then; refused with a STUDIO_SECRET, a real provider or outside production", async () => {
    expect(await offerSignInLink(db, 3000, { ...NPM_START, STUDIO_SECRET: "a-long-enough-studio-secret" })).toBeNull();
    expect(await offerSignInLink(db, 3000, { ...NPM_START, SMS_PROVIDER: "twilio" })).toBeNull();
    expect(await offerSignInLink(db, 3000, { ...NPM_START, NODE_ENV: "development" })).toBeNull();
    const line = await offerSignInLink(db, 3520, NPM_START);
    const token = /^Studio: http:\/\/localhost:3520\/studio\/sign-in\?token=([A-Za-z0-9_-]{43}) /.exec(line ?? "")?.[1];
    expect(token, line ?? "no line").toBeDefined();
    expect(currentSignInLink()?.token).toBe(token);
    expect(await signInLinkUsable(db, token!)).toBe(true);
  });
});

describe("the one-time token", () => {
  it("is kept hashed: the database never holds the token itself", async () => {
    const { token } = await createSignInLink(db);
    const rows = await db.query<Record<string, unknown>>("SELECT * FROM studio_sign_in_links");
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("opens once: a second use, even at the same moment, is refused", async () => {
    const { token } = await createSignInLink(db);
    const both = await Promise.all([redeemSignInLink(db, token), redeemSignInLink(db, token)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await redeemSignInLink(db, token)).toBe(false);
    expect(await signInLinkUsable(db, token)).toBe(false);
  });

  it("expires after a day; unknown and malformed tokens open nothing", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const { token, expiresAt } = await createSignInLink(db, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(SIGN_IN_LINK_TTL_MS);
    expect(await redeemSignInLink(db, token, new Date(now.getTime() + SIGN_IN_LINK_TTL_MS))).toBe(false);
    expect(await redeemSignInLink(db, "A".repeat(43), now)).toBe(false);
    expect(await redeemSignInLink(db, "short", now)).toBe(false);
    expect(await redeemSignInLink(db, null, now)).toBe(false);
    // Still unused before its expiry.
    expect(await redeemSignInLink(db, token, new Date(now.getTime() + SIGN_IN_LINK_TTL_MS - 1000))).toBe(true);
  });
});

describe("GET /studio/sign-in?token=…", () => {
  const seams = () => ({ resolve: (): Tenant => ({ kind: "directory" }), limiters: () => createLimiters({ env: {} }) });
  const deps = (extra: Partial<StudioAuthDeps> = {}): StudioAuthDeps => ({
    mode: { kind: "link" },
    db: async () => db,
    limiters: createLimiters({ env: {} }),
    ...extra,
  });
  const route = (d: StudioAuthDeps) =>
    studioApiRoute<Record<string, string | string[]>>({ name: "studio.sign-in-page", open: true, handle: (ctx) => studioSignInForm(ctx, d), ...seams() });
  const get = (query: string, headers: Record<string, string> = {}) => new Request(`http://localhost/_studio/sign-in${query}`, { headers });
  const quiet = () => vi.spyOn(process.stdout, "write").mockImplementation(() => true) && vi.spyOn(process.stderr, "write").mockImplementation(() => true);

  it("opens a studio session with a live token and goes to the studio; the same link again is refused", async () => {
    quiet();
    const { token } = await createSignInLink(db);
    const ok = await route(deps())(get(`?token=${token}`, { "sec-fetch-site": "none" }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/studio");
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^studio-session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/studio; HttpOnly; SameSite=Strict$/);
    const id = /^studio-session=([^;]+)/.exec(cookie)![1];
    const headers = new Headers({ cookie: `studio-session=${id}` });
    expect(studioMayPass(headers, { kind: "link" })).toBe(true);
    // The operator the link lets in is a platform admin.
    expect(await studioAccess(headers, deps())).toMatchObject({ ok: true, subject: SIGN_IN_LINK_SUBJECT, staff: { role: "admin", id: SIGN_IN_LINK_SUBJECT } });

    const again = await route(deps())(get(`?token=${token}`));
    expect(again.status).toBe(401);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await again.text()).toContain(STUDIO_SIGN_IN_MESSAGES.linkUsed);
  });

  it("goes on to a studio path given as next, and to /studio for anything that leaves the studio", async () => {
    quiet();
    const go = async (next: string) => {
      const { token } = await createSignInLink(db);
      return (await route(deps())(get(`?token=${token}&next=${encodeURIComponent(next)}`))).headers.get("location");
    };
    expect(await go("/studio/sunshine-chery")).toBe("/studio/sunshine-chery");
    expect(await go("//evil.example/studio")).toBe("/studio");
    expect(await go("https://evil.example/studio")).toBe("/studio");
    expect(await go("/studio/../inbox")).toBe("/studio");
    expect(studioReturnPath("/studio\\evil")).toBe("/studio");
    expect(studioReturnPath("/studiox")).toBe("/studio");
  });

  it("is refused from another site's page (a sign-in forced on someone else)", async () => {
    const { token } = await createSignInLink(db);
    const res = await route(deps())(get(`?token=${token}`, { "sec-fetch-site": "cross-site" }));
    expect(res.status).toBe(403);
    expect(await signInLinkUsable(db, token)).toBe(true);
  });

  it("opens nothing when the studio signs in with a secret or is closed; without a session it points at the inbox", async () => {
    const { token } = await createSignInLink(db);
    for (const mode of [studioMode("a-long-enough-studio-secret", true, {}), studioMode(undefined, true, {})]) {
      const res = await route(deps({ mode }))(get(`?token=${token}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await signInLinkUsable(db, token)).toBe(true);
    expect(studioMayPass(new Headers(), { kind: "link" })).toBe(false);
    expect(studioSignInPage(undefined, { kind: "link" })).toContain('<a href="/inbox">local inbox</a>');
  });

  it("has no secret form to post to: a posted secret is refused with the page saying where the link is", async () => {
    quiet();
    const post = studioApiRoute<Record<string, string | string[]>>({
      name: "studio.sign-in",
      open: true,
      body: "form",
      handle: (ctx) => studioSignIn(ctx, deps()),
      ...seams(),
    });
    const res = await post(new Request("http://localhost/_studio/sign-in", { method: "POST", body: new URLSearchParams({ secret: "anything-at-all-here" }) }));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("local inbox");
  });
});
