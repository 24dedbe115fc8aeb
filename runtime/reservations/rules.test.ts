import { describe, expect, it } from "vitest";
import {
  effectiveStatus,
  eligibility,
  extendedExpiry,
  formatDeposit,
  carTimeZone,
  formatHoldEnd,
  holdExpiry,
  isActive,
  refundableCents,
  reservationSettings,
  depositCents,
} from "./rules";
import { reservationCar, reservationManifest } from "./test-fixtures";

const NOW = new Date("2026-11-24T00:00:00Z");

describe("reservation rules", () => {
  it("defaults: a $200 deposit held 48 hours on the built-in test gateway", () => {
    const s = reservationSettings({});
    expect(s).toEqual({ depositDollars: 200, holdHours: 48, gateway: "test" });
    expect(depositCents(s)).toBe(20_000);
    expect(formatDeposit(depositCents(s))).toBe("$200");
    expect(reservationSettings({ reservations: { depositDollars: 500 } } as never).depositDollars).toBe(500);
  });

  it("eligibility: the reserve flag, an available car, not reserved, with a price", () => {
    const m = reservationManifest();
    expect(eligibility(reservationCar(), m)).toEqual({ ok: true });
    expect(eligibility(reservationCar({ status: "coming_soon" }), m)).toEqual({ ok: true });
    expect(eligibility(reservationCar(), reservationManifest({ features: { reserve: false } } as never))).toEqual({ ok: false, reason: "flag-off" });
    expect(eligibility(reservationCar({ status: "sold" }), m)).toEqual({ ok: false, reason: "not-available" });
    expect(eligibility(reservationCar({ reserved: true }), m)).toEqual({ ok: false, reason: "reserved" });
    expect(eligibility(reservationCar({ price: 0 }), m)).toEqual({ ok: false, reason: "no-price" });
  });

  it("a hold lapses at expires_at, decided at read time; a confirmed one holds until cancelled", () => {
    const until = holdExpiry(NOW, 48);
    expect(until.toISOString()).toBe("2026-11-26T00:00:00.000Z");
    const held = { status: "held" as const, expires_at: until };
    expect(isActive(held, new Date(until.getTime() - 1))).toBe(true);
    expect(isActive(held, until)).toBe(false);
    expect(effectiveStatus(held, until)).toBe("expired");
    expect(effectiveStatus({ ...held, expires_at: until.toISOString() }, NOW)).toBe("held");
    expect(isActive({ status: "confirmed", expires_at: until }, new Date(until.getTime() + 86_400_000))).toBe(true);
    expect(isActive({ status: "cancelled", expires_at: until }, NOW)).toBe(false);
    expect(isActive({ status: "expired", expires_at: until }, NOW)).toBe(false);
  });

  it("extending: from the current end, or from now once lapsed", () => {
    const until = holdExpiry(NOW, 48);
    expect(extendedExpiry({ status: "held", expires_at: until }, 24, NOW).toISOString()).toBe("2026-11-27T00:00:00.000Z");
    const later = new Date("2026-12-01T00:00:00Z");
    expect(extendedExpiry({ status: "held", expires_at: until }, 24, later).toISOString()).toBe("2026-12-02T00:00:00.000Z");
  });

  it("refunds: 100% of a captured deposit, once; nothing for a payment never captured", () => {
    expect(refundableCents({ status: "captured", amount_cents: 20_000 })).toBe(20_000);
    for (const status of ["pending", "authorised", "declined", "failed", "voided", "refunded"] as const)
      expect(refundableCents({ status, amount_cents: 20_000 })).toBe(0);
  });
});

describe("formatHoldEnd", () => {
  // 2026-12-01 06:00 UTC: 5 pm in Sydney (daylight saving, UTC+11), 4 pm in Brisbane (UTC+10).
  const end = "2026-12-01T06:00:00.000Z";
  it("says the hold's end in the dealer's zone, and names the zone", () => {
    expect(formatHoldEnd(end, "Australia/Sydney")).toBe("Tuesday, 1 December 2026 at 5:00 pm (Sydney time)");
    expect(formatHoldEnd(end, "Australia/Brisbane")).toBe("Tuesday, 1 December 2026 at 4:00 pm (Brisbane time)");
  });
  it("names a zone with a space in it as a shopper reads it", () => {
    expect(formatHoldEnd(end, "America/Los_Angeles")).toMatch(/\(Los Angeles time\)$/);
  });
});

describe("the zone a hold's end is told in (the dealer's lead)", () => {
  it("reads the car's location's zone, else the dealer's", () => {
    const manifest = { timeZone: "Australia/Brisbane", locations: [{ id: 10, time_zone: "Australia/Perth" }, { id: 11 }] };
    expect(carTimeZone(manifest, { location_id: 10 })).toBe("Australia/Perth");
    expect(carTimeZone(manifest, { location_id: 11 })).toBe("Australia/Brisbane");
    expect(carTimeZone(manifest, { location_id: 99 })).toBe("Australia/Brisbane");
  });
});
