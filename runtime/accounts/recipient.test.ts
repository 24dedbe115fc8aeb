import { describe, expect, it } from "vitest";
import { maskRecipient, normaliseEmail, normaliseMobile } from "./recipient";
import { outboxAllowed, transports } from "./delivery";

describe("recipients", () => {
  it("normalise Australian mobiles and emails", () => {
    expect(normaliseMobile("0412 345 678")).toBe("0412345678");
    expect(normaliseMobile("+61 412 345 678")).toBe("0412345678");
    expect(normaliseMobile("61412345678")).toBe("0412345678");
    expect(normaliseMobile("0212345678")).toBeNull();
    expect(normaliseEmail(" A@Example.COM ")).toBe("a@example.com");
    expect(normaliseEmail("not an email")).toBeNull();
  });

  it("mask what the page shows", () => {
    expect(maskRecipient("sms", "0412345678")).toBe("04•• ••• 678");
    expect(maskRecipient("email", "shopper@example.com")).toBe("s•••@example.com");
  });
});

describe("code delivery", () => {
  it("production offers no sign-in without a provider or the explicit local outbox opt-in", () => {
    expect(transports({ NODE_ENV: "production" })).toEqual({ email: null, sms: null });
    expect(transports({ NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on" })).toEqual({ email: "outbox", sms: "outbox" });
    expect(transports({ NODE_ENV: "production", SMTP_URL: "smtp://x" }).email).toBe("smtp");
    expect(transports({ NODE_ENV: "production", SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "a", TWILIO_AUTH_TOKEN: "b", SMS_FROM: "c" }).sms).toBe("twilio");
    expect(outboxAllowed({ NODE_ENV: "development" })).toBe(true);
    expect(outboxAllowed({ NODE_ENV: "development", AUTH_LOCAL_OUTBOX: "off" })).toBe(false);
  });
});
