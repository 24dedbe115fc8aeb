import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { dbVariants } from "../db/testing";
import { INBOX_KEEP, listInboxMessages, localInboxOpen, realProviderConfigured, storeInboxMessage } from "./local-inbox";
import { sendCode, sendMessage } from "./delivery";

describe("the local inbox opens only as a stand-in", () => {
  it("is open outside production, or in production with AUTH_LOCAL_OUTBOX=on, and never with a real provider", () => {
    expect(localInboxOpen({ NODE_ENV: "development" })).toBe(true);
    expect(localInboxOpen({ NODE_ENV: "production" })).toBe(false);
    expect(localInboxOpen({ NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on" })).toBe(true);
    expect(localInboxOpen({ NODE_ENV: "development", AUTH_LOCAL_OUTBOX: "off" })).toBe(false);
    expect(localInboxOpen({ NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on", SMTP_URL: "smtp://mail" })).toBe(false);
    expect(localInboxOpen({ NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on", SMS_PROVIDER: "twilio" })).toBe(false);
    expect(realProviderConfigured({ SMS_PROVIDER: "none" })).toBe(false);
  });
});

for (const v of dbVariants())
  describe.skipIf(v.skip)(`local inbox (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    }, 60_000);
    afterAll(() => v.close(db));
    const stub = async () => db;

    it("keeps a sign-in code and a confirmation the stand-in did not send, newest first, and filters by recipient", async () => {
      const env = { NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on" };
      await sendCode({ dealer: "sunshine-chery", siteName: "Sunshine Chery", channel: "email", to: "a@example.com", code: "123456" }, env, stub);
      await sendMessage({ dealer: "sunshine-chery", channel: "email", to: "b@example.com", subject: "Your reservation", text: "Reserved." }, env, stub);
      const all = await listInboxMessages(db);
      expect(all.map((m) => [m.to, m.subject, m.code])).toEqual([
        ["b@example.com", "Your reservation", undefined],
        ["a@example.com", "Your Sunshine Chery sign-in code", "123456"],
      ]);
      expect(all[1]!.text).toContain("123456 is your Sunshine Chery sign-in code");
      expect((await listInboxMessages(db, { to: "a@example.com" })).map((m) => m.code)).toEqual(["123456"]);
    });

    it("does not store a message when the stand-in is off (a production server without the switch)", async () => {
      const before = (await listInboxMessages(db, { limit: INBOX_KEEP })).length;
      await expect(
        sendMessage({ dealer: "x", channel: "email", to: "c@example.com", subject: "s", text: "t" }, { NODE_ENV: "production" }, stub),
      ).rejects.toThrow(/not configured/);
      expect((await listInboxMessages(db, { limit: INBOX_KEEP })).length).toBe(before);
    });

    it(`keeps the newest ${INBOX_KEEP} messages only`, async () => {
      for (let i = 0; i < INBOX_KEEP + 3; i++) await storeInboxMessage(db, { dealer: "x", channel: "sms", to: "0412000000", subject: `m${i}`, text: "t" });
      const kept = await listInboxMessages(db, { limit: INBOX_KEEP });
      expect(kept.length).toBe(INBOX_KEEP);
      expect(kept[0]!.subject).toBe(`m${INBOX_KEEP + 2}`);
    }, 60_000);
  });
