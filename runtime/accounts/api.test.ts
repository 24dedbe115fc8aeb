/**
 * The sign-in routes end to end in process (the real database in a temporary folder, the local
 * outbox): cookies' attributes over https, redirect validation, and nothing personal in the logs.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tenant } from "../tenant";
import { loadedMinimalManifest } from "@/tests/helpers/manifest-fixture";

const tmp = mkdtempSync(path.join(os.tmpdir(), "accounts-api-"));
let api: typeof import("./api");
let closeDb: () => Promise<void>;
const tenant = { kind: "site", slug: "test-dealer", manifest: loadedMinimalManifest() } as Tenant;

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("PGLITE_DIR", path.join(tmp, "db"));
  vi.stubEnv("AUTH_LOCAL_OUTBOX", "on");
  vi.stubEnv("AUTH_OUTBOX_DIR", path.join(tmp, "outbox"));
  api = await import("./api");
  closeDb = (await import("../db")).closeDb;
}, 60_000);
afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

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
    vi.spyOn(console, "info").mockImplementation((...a: unknown[]) => void logged.push(a.join(" ")));
    const sent = await api.handleRequestCode(
      form("/api/account/code", { channel: "sms", recipient: "0412 999 888", type: "watchlist", redirect: "https://evil.example/", back: "/cars/x" }),
      tenant,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/sign-in?type=watchlist&redirect=%2Fmy-garage&back=%2Fcars%2Fx&step=code&channel=sms");
    const pending = sent.headers.get("set-cookie")!;
    expect(pending).toMatch(/^dp_signin=[^;]+;.*HttpOnly/i);
    expect(pending).toMatch(/Secure/i);
    expect(pending).toMatch(/SameSite=lax/i);

    const dir = path.join(tmp, "outbox", "test-dealer");
    const message = JSON.parse(readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8")) as { to: string; code: string };
    expect(message.to).toBe("0412999888");

    const cookie = pending.split(";")[0]!;
    const verify = (code: string) =>
      api.handleVerifyCode(form("/api/account/verify", { code, type: "watchlist", redirect: "/cars/x", back: "/" }, { cookie }), tenant);
    const ok = await verify(message.code);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/cars/x");
    const session = ok.headers.getSetCookie().find((c) => c.startsWith("dp_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/SameSite=lax/i);

    const again = await verify(message.code);
    expect(again.headers.get("location")).toContain("error=expired");

    const all = logged.join("\n");
    expect(all).toContain("[accounts] signed-in site=test-dealer channel=sms");
    for (const secret of ["0412999888", "0412 999 888", message.code, session.split(";")[0]!.split("=")[1]!]) expect(all).not.toContain(secret);
  }, 60_000);

  it("refuse a bad recipient without sending anything", async () => {
    const res = await api.handleRequestCode(form("/api/account/code", { channel: "email", recipient: "not-an-email", type: "my-garage" }), tenant);
    expect(res.headers.get("location")).toContain("error=invalid-recipient");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
