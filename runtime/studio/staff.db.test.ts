import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { describeEachDb } from "../db/testing";
import type { Db } from "../db";
import { createLimiters, type Limiters } from "../http/rate-limit";
import type { Tenant } from "../tenant";
import { MAX_ATTEMPTS, CODE_TTL_MS } from "../accounts/codes";
import { listInboxMessages } from "../accounts/local-inbox";
import { studioApiRoute } from "./http";
import { createStudioSession, studioSessionSubject } from "./sessions";
import { STAFF_CODE_SCOPE, STUDIO_PENDING_COOKIE, STUDIO_SIGN_IN_MESSAGES, studioAccess, studioSignIn, type StudioAuthDeps } from "./sign-in";
import { addStaff, listAudit, listStaff, removeStaff } from "./staff";
import { handleStaffChange } from "./staff-http";

const STAFF_TABLES = ["staff_accounts", "studio_audit", "studio_sessions", "account_codes", "local_inbox"];
/** The local stand-in takes the emails, as under npm start. */
const ENV = { NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on" };

afterEach(() => vi.restoreAllMocks());

describeEachDb("staff accounts and their sign-in", { empty: STAFF_TABLES }, (db: Db) => {
  let limiters: Limiters;
  let clock: Date;
  beforeEach(() => {
    limiters = createLimiters({ env: {} });
    clock = new Date();
    // The handlers log each outcome as a JSON line; kept out of the test's output.
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  const deps = (extra: Partial<StudioAuthDeps> = {}): StudioAuthDeps => ({
    mode: { kind: "staff" },
    db: async () => db,
    limiters,
    env: ENV,
    now: () => clock,
    ...extra,
  });
  const seams = () => ({ resolve: (): Tenant => ({ kind: "directory" }), limiters: () => createLimiters({ env: {} }) });
  const signInRoute = (d = deps()) =>
    studioApiRoute<Record<string, string | string[]>>({ name: "studio.sign-in", open: true, body: "form", handle: (ctx) => studioSignIn(ctx, d), ...seams() });
  const post = (fields: Record<string, string>, cookie = "", ip = "203.0.113.9") =>
    signInRoute()(
      new Request("http://localhost/_studio/sign-in", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": ip },
      }),
    );
  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
      .find((v) => v !== undefined);
  const askCode = async (email: string, ip?: string) => {
    const res = await post({ action: "email", email }, "", ip);
    return { res, pending: cookieOf(res, STUDIO_PENDING_COOKIE) };
  };
  /** The code the local inbox got for `email` (sent in the background: waited for, not slept on). */
  const codeFor = async (email: string) =>
    vi.waitFor(
      async () => {
        const m = (await listInboxMessages(db, { to: email })).find((x) => x.dealer === STAFF_CODE_SCOPE && x.code);
        if (!m) throw new Error("no code yet");
        return m.code!;
      },
      { timeout: 5000, interval: 20 },
    );
  const editor = () => addStaff(db, { email: "ed@example.com", name: "Ed", role: "editor", dealers: ["sunshine-chery"] }, "cli");

  it("gives an unknown address the same answer as a staff member's, and emails a code only to the staff member", async () => {
    await editor();
    const known = await askCode("Ed@Example.com");
    const unknown = await askCode("nobody@example.com");
    for (const r of [known, unknown]) {
      expect(r.res.status).toBe(303);
      expect(r.res.headers.get("location")).toBe("/studio/sign-in?step=code");
      expect(r.pending).toMatch(/^[A-Za-z0-9_-]{24}$/);
    }
    expect(await codeFor("ed@example.com")).toMatch(/^\d{6}$/);
    expect(await listInboxMessages(db, { to: "nobody@example.com" })).toEqual([]);
    // Any code typed for the unknown address is simply wrong.
    const guess = await post({ action: "code", code: "123456" }, `${STUDIO_PENDING_COOKIE}=${unknown.pending}`);
    expect(guess.status).toBe(401);
    expect(await guess.text()).toContain(STUDIO_SIGN_IN_MESSAGES.codeWrong);
  });

  it("opens a session whose subject is the staff account, the cookie holding only a random id; the code works once", async () => {
    const { account } = await editor();
    const { pending } = await askCode("ed@example.com");
    const code = await codeFor("ed@example.com");
    const ok = await post({ action: "code", code }, `${STUDIO_PENDING_COOKIE}=${pending}`);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/studio");
    const id = cookieOf(ok, "studio-session")!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).not.toContain(account.id);
    expect(await studioSessionSubject(db, id)).toBe(account.id);
    const access = await studioAccess(new Headers({ cookie: `studio-session=${id}` }), deps());
    expect(access).toEqual({
      ok: true,
      subject: account.id,
      staff: { id: account.id, email: "ed@example.com", name: "Ed", role: "editor", dealers: ["sunshine-chery"] },
    });
    const again = await post({ action: "code", code }, `${STUDIO_PENDING_COOKIE}=${pending}`);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain(STUDIO_SIGN_IN_MESSAGES.codeEnded);
    expect((await listAudit(db)).map((e) => [e.actor, e.action])).toContainEqual([account.id, "signed-in"]);
  });

  it("refuses a code after its time and after too many wrong answers", async () => {
    await editor();
    const late = await askCode("ed@example.com");
    const lateCode = await codeFor("ed@example.com");
    clock = new Date(clock.getTime() + CODE_TTL_MS + 1000);
    expect((await post({ action: "code", code: lateCode }, `${STUDIO_PENDING_COOKIE}=${late.pending}`)).status).toBe(401);

    const { pending } = await askCode("ed@example.com");
    const code = await vi.waitFor(async () => {
      const c = await codeFor("ed@example.com");
      if (c === lateCode) throw new Error("the older code");
      return c;
    });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_ATTEMPTS; i++) await post({ action: "code", code: wrong }, `${STUDIO_PENDING_COOKIE}=${pending}`);
    const locked = await post({ action: "code", code }, `${STUDIO_PENDING_COOKIE}=${pending}`);
    expect(locked.status).toBe(401);
    expect(cookieOf(locked, "studio-session")).toBeUndefined();
  });

  it("limits code requests per address and per client, and answers per client", async () => {
    await editor();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await askCode("ed@example.com", `198.51.100.${i}`)).res.status);
    expect(statuses).toEqual([303, 303, 303, 429]);
    const perClient: number[] = [];
    for (let i = 0; i < 11; i++) perClient.push((await askCode(`someone${i}@example.com`, "198.51.100.200")).res.status);
    expect(perClient.slice(0, 10).every((s) => s === 303)).toBe(true);
    expect(perClient[10]).toBe(429);
    const { pending } = await askCode("other@example.com", "198.51.100.201");
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await post({ action: "code", code: "000000" }, `${STUDIO_PENDING_COOKIE}=${pending}`, "198.51.100.202")).status);
    expect(answers[20]).toBe(429);
  });

  it("refuses a malformed address or code with the field, and codes where no email can be sent", async () => {
    const bad = await post({ action: "email", email: "not an email" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(STUDIO_SIGN_IN_MESSAGES.email);
    expect((await post({ action: "code", code: "12" }, `${STUDIO_PENDING_COOKIE}=${"a".repeat(24)}`)).status).toBe(400);
    expect((await post({ action: "code", code: "123456" })).status).toBe(400);
    const off = await signInRoute(deps({ mode: { kind: "secret", secret: "x".repeat(16), codes: false } }))(
      new Request("http://localhost/_studio/sign-in", {
        method: "POST",
        body: new URLSearchParams({ action: "email", email: "ed@example.com" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(off.status).toBe(403);
  });

  it("ends a removed account's sessions at once, keeps it for the audit trail, and brings it back when added again", async () => {
    const { account } = await editor();
    const { id } = await createStudioSession(db, account.id);
    const headers = new Headers({ cookie: `studio-session=${id}` });
    expect((await studioAccess(headers, deps())).ok).toBe(true);
    expect(await removeStaff(db, { email: "ED@example.com" }, "first-run-link")).toMatchObject({ id: account.id, active: false });
    expect(await studioAccess(headers, deps())).toEqual({ ok: false, message: STUDIO_SIGN_IN_MESSAGES.ended });
    expect(await removeStaff(db, { email: "ed@example.com" }, "cli")).toBeNull();
    expect(await listStaff(db)).toEqual([]);
    expect((await listStaff(db, { includeInactive: true })).map((a) => a.email)).toEqual(["ed@example.com"]);
    const back = await addStaff(db, { email: "ed@example.com", name: "Ed", role: "admin", dealers: [] }, "cli");
    expect(back).toMatchObject({ created: false, account: { id: account.id, role: "admin", active: true } });
    expect((await listAudit(db)).map((e) => [e.actor, e.action, e.target])).toEqual([
      ["cli", "staff-changed", account.id],
      ["first-run-link", "staff-removed", account.id],
      ["cli", "staff-added", account.id],
    ]);
  });

  it("lets an editor's session check and save only their own dealers, and keeps admin routes from them", async () => {
    const { account } = await editor();
    const { id } = await createStudioSession(db, account.id);
    const handled = vi.fn(() => Response.json({ ok: true }));
    const dealerRoute = studioApiRoute<{ v: number }, { dealer: string }>({
      name: "studio.dealer.check",
      body: "json",
      check: (raw) => ({ ok: true, value: raw as { v: number } }),
      edits: (p) => ({ kind: "dealer", name: p.dealer }),
      handle: handled,
      auth: deps(),
      ...seams(),
    });
    const call = (route: typeof dealerRoute, dealer: string) =>
      route(
        new Request(`http://localhost/_studio/check/${dealer}`, {
          method: "POST",
          body: "{}",
          headers: { "content-type": "application/json", cookie: `studio-session=${id}` },
        }),
        { params: Promise.resolve({ dealer }) },
      );
    expect((await call(dealerRoute, "sunshine-chery")).status).toBe(200);
    const refused = await call(dealerRoute, "harbour-motor-group");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Your staff account may not edit harbour-motor-group: ask a platform admin to add it to your dealers.");
    expect(handled).toHaveBeenCalledTimes(1);
    const adminRoute = studioApiRoute<{ v: number }, { dealer: string }>({
      name: "studio.staff.save",
      body: "json",
      check: (raw) => ({ ok: true, value: raw as { v: number } }),
      handle: handled,
      auth: deps(),
      ...seams(),
    });
    expect((await call(adminRoute, "sunshine-chery")).status).toBe(403);
    expect(handled).toHaveBeenCalledTimes(1);
  });

  it("lets an admin add and remove staff from the studio, never removing themselves", async () => {
    const { account: boss } = await addStaff(db, { email: "boss@example.com", name: "", role: "admin", dealers: [] }, "cli");
    const { id } = await createStudioSession(db, boss.id);
    const route = studioApiRoute<Record<string, string | string[]>>({
      name: "studio.staff.save",
      body: "form",
      handle: (ctx, access) => handleStaffChange(ctx, access!, { db: async () => db, known: () => ["sunshine-chery", "harbour-motor-group"] }),
      auth: deps(),
      ...seams(),
    });
    const send = (fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of ([] as string[]).concat(v)) body.append(k, x);
      return route(
        new Request("http://localhost/_studio/staff/save", {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: `studio-session=${id}` },
        }),
      );
    };
    const added = await send({ action: "add", email: "ed@example.com", name: "Ed", role: "editor", dealers: ["sunshine-chery"] });
    expect(added.headers.get("location")).toBe("/studio/staff?done=added");
    expect((await send({ action: "add", email: "x@example.com", role: "editor", dealers: ["nobody"] })).headers.get("location")).toBe(
      "/studio/staff?problem=dealers",
    );
    expect((await send({ action: "remove", id: boss.id })).headers.get("location")).toBe("/studio/staff?problem=self");
    const ed = (await listStaff(db)).find((a) => a.email === "ed@example.com")!;
    expect(ed).toMatchObject({ role: "editor", dealers: ["sunshine-chery"] });
    expect((await send({ action: "remove", id: ed.id })).headers.get("location")).toBe("/studio/staff?done=removed");
    expect((await listAudit(db)).slice(0, 2).map((e) => [e.actor, e.action])).toEqual([
      [boss.id, "staff-removed"],
      [boss.id, "staff-added"],
    ]);
  });

  it("records sign-ins and refusals by the legacy secret too, never the secret itself", async () => {
    const secret = "the-legacy-studio-secret";
    const route = signInRoute(deps({ mode: { kind: "secret", secret, codes: true } }));
    const send = (given: string) =>
      route(
        new Request("http://localhost/_studio/sign-in", {
          method: "POST",
          body: new URLSearchParams({ secret: given }),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    expect((await send("not-the-secret-at-all")).status).toBe(401);
    expect((await send(secret)).status).toBe(303);
    const audit = await listAudit(db);
    expect(audit.map((e) => [e.actor, e.action, e.detail])).toEqual([
      ["studio-secret", "signed-in", { method: "studio-secret" }],
      ["unknown", "sign-in-refused", { method: "studio-secret", reason: "wrong" }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("signs out: the session ends and the sign-out is recorded", async () => {
    const { account } = await editor();
    const { id } = await createStudioSession(db, account.id);
    const out = await post({ action: "sign-out" }, `studio-session=${id}`);
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/studio/sign-in");
    expect(await studioSessionSubject(db, id)).toBeNull();
    expect((await listAudit(db))[0]).toMatchObject({ actor: account.id, action: "signed-out" });
  });
});
