import { afterEach, describe, expect, it } from "vitest";
import { heldIds, isHeld, noteHold, overlayCar, resetOverlayForTests } from "./overlay";
import { reservedOverlay, setReservedOverlay } from "../search/overlay";
import { reservationCar } from "./test-fixtures";

describe("reservation overlay", () => {
  afterEach(() => {
    resetOverlayForTests();
    setReservedOverlay(null);
  });

  it("a hold shows at once and ends at expires_at with no refresh (read-time expiry)", () => {
    let now = new Date("2026-11-24T00:00:00Z");
    resetOverlayForTests(() => now);
    noteHold(9001, { status: "held", expires_at: new Date("2026-11-26T00:00:00Z") });
    expect(isHeld(9001)).toBe(true);
    expect(overlayCar(reservationCar()).reserved).toBe(true);
    expect(reservedOverlay()?.reservedIds()).toEqual([9001]);
    now = new Date("2026-11-26T00:00:00Z");
    expect(isHeld("9001")).toBe(false);
    expect(heldIds()).toEqual([]);
    expect(overlayCar(reservationCar()).reserved).toBeUndefined();
    noteHold(9001, { status: "confirmed", expires_at: null });
    expect(isHeld(9001)).toBe(true);
    noteHold(9001, null);
    expect(isHeld(9001)).toBe(false);
  });
});
