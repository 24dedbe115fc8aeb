/**
 * The sign-in routes end to end in process, through the API boundary (the real database in a
 * temporary folder, the local inbox): cookies' attributes over https, redirect validation, and
 * nothing personal in the logs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tenant } from "../tenant";
import { apiRoute } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import { loadedMinimalManifest } from "@/tests/helpers/manifest-fixture";

const tmp = mkdtempSync(path.join(os.tmpdir(), "accounts-api-"));
let api: typeof import("./api");
let closeDb: () => Promise<void>;
const tenant = { kind: "site", slug: "test-dealer", manifest: loadedMinimalManifest() } as Tenant;

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("PGLITE_DIR", path.join(tmp, "db"));
  vi.stubEnv("AUTH_LOCAL_OUTBOX", "on");
  api = await import("./api");
  closeDb = (await import("../db")).closeDb;
}, 60_000);
afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

const seams = { resolve: () => tenant, limiters: () => createLimiters({ env: {} }) };
const requestCode = () => apiRoute({ ...api.ACCOUNT_CODE_ROUTE, ...seams });
const verifyCode = () => apiRoute({ ...api.ACCOUNT_VERIFY_ROUTE, ...seams });

function form(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`https://test-dealer.example${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "x-forwarded-proto": "https", ...headers },
  });
}

describe("sign-in routes", () => {
  it("send a code, sign in once with it, set Secure HttpOnly Lax cookies over https, and log nothing personal", async () => {
    const logged: string[] = [];
    for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, "write").mockImplementation((l) => (logged.push(String(l)), true));
    const sent = await requestCode()(
      form("/api/account/code", { channel: "sms", recipient: "0412 999 888", type: "watchlist", redirect: "https://evil.example/", back: "/cars/x" }),
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/sign-in?type=watchlist&redirect=%2Fmy-garage&back=%2Fcars%2Fx&step=code&channel=sms");
    const pending = sent.headers.get("set-cookie")!;
    expect(pending).toMatch(/^dp_signin=[^;]+;.*HttpOnly/i);
    expect(pending).toMatch(/Secure/i);
    expect(pending).toMatch(/SameSite=lax/i);

    const { listInboxMessages } = await import("./local-inbox");
    const [message] = await listInboxMessages(await (await import("../db")).getDb());
    expect(message).toMatchObject({ dealer: "test-dealer", channel: "sms", to: "0412999888", code: expect.stringMatching(/^\d{6}$/) });

    const cookie = pending.split(";")[0]!;
    const verify = (code: string) => verifyCode()(form("/api/account/verify", { code, type: "watchlist", redirect: "/cars/x", back: "/" }, { cookie }));
    const ok = await verify(message!.code!);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/cars/x");
    const session = ok.headers.getSetCookie().find((c) => c.startsWith("dp_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/SameSite=lax/i);

    const again = await verify(message!.code!);
    expect(again.headers.get("location")).toContain("error=expired");

    vi.mocked(process.stdout.write).mockRestore();
    vi.mocked(process.stderr.write).mockRestore();
    const all = logged.join("\n");
    const lines = logged.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ event: "signed-in", route: "account.verify", site: "test-dealer", channel: "sms" }));
    for (const secret of ["0412999888", "0412 999 888", message.code, session.split(";")[0]!.split("=")[1]!]) expect(all).not.toContain(secret);
  }, 60_000);

  it("refuse a bad recipient without sending anything", async () => {
    const res = await requestCode()(form("/api/account/code", { channel: "email", recipient: "not-an-email", type: "my-garage" }));
    expect(res.headers.get("location")).toContain("error=invalid-recipient");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
