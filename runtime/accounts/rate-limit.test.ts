import { describe, expect, it } from "vitest";
import { createLimiters, take } from "./rate-limit";

describe("sign-in rate limits", () => {
  it("allow 3 codes per recipient and 10 per client in the window, each key on its own", async () => {
    const l = createLimiters();
    const recipient = [];
    for (let i = 0; i < 4; i++) recipient.push(await take(l.codesPerRecipient, "d|sms|0412345678"));
    expect(recipient).toEqual([true, true, true, false]);
    expect(await take(l.codesPerRecipient, "d|sms|0412345679")).toBe(true);
    const client = [];
    for (let i = 0; i < 11; i++) client.push(await take(l.codesPerClient, "d|10.0.0.1"));
    expect(client.filter(Boolean)).toHaveLength(10);
    expect(client[10]).toBe(false);
  });

  it("take the per-client count from AUTH_CODES_PER_CLIENT when set", async () => {
    const l = createLimiters({ AUTH_CODES_PER_CLIENT: "2" });
    expect([await take(l.codesPerClient, "c"), await take(l.codesPerClient, "c"), await take(l.codesPerClient, "c")]).toEqual([true, true, false]);
  });
});
