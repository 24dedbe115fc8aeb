import { describe, expect, it } from "vitest";
import { createLimiters } from "../http/rate-limit";
import { take } from "./rate-limit";

describe("sign-in rate limits", () => {
  it("allow 3 codes per recipient and 10 per client in the window, each key on its own", async () => {
    const l = createLimiters({ env: {} });
    const recipient = [];
    for (let i = 0; i < 4; i++) recipient.push(await take("codes-per-recipient", ["d", "sms", "0412345678"], l));
    expect(recipient).toEqual([true, true, true, false]);
    expect(await take("codes-per-recipient", ["d", "sms", "0412345679"], l)).toBe(true);
    const client = [];
    for (let i = 0; i < 11; i++) client.push(await take("codes-per-client", ["d", "10.0.0.1"], l));
    expect(client.filter(Boolean)).toHaveLength(10);
    expect(client[10]).toBe(false);
  });

  it("take the per-client count from AUTH_CODES_PER_CLIENT when set", async () => {
    const l = createLimiters({ env: { AUTH_CODES_PER_CLIENT: "2" } });
    expect([await take("codes-per-client", ["c"], l), await take("codes-per-client", ["c"], l), await take("codes-per-client", ["c"], l)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
