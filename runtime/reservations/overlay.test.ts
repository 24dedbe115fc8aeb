import { afterEach, describe, expect, it } from "vitest";
import { dealerHoldsKey, heldIds, holdKey, isHeld, noteHold, overlayCar, overlayVersion, refreshOverlay, resetOverlayForTests } from "./overlay";
import type { Queryable } from "../db/types";
import { holdPart } from "../page-cache/cacheable";
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

  it("the page cache's key part follows the hold: set when it starts, gone at expires_at, per dealer and car", () => {
    let now = new Date("2026-11-24T00:00:00Z");
    resetOverlayForTests(() => now);
    expect(holdPart("sunshine-chery", { slug: "a-car" }, false)).toBe("");
    const until = new Date("2026-11-26T00:00:00Z");
    noteHold(9001, { status: "held", expires_at: until, dealer_slug: "sunshine-chery", car_slug: "a-car" });
    const key = holdKey("sunshine-chery", "a-car");
    expect(key).toBe(`h${(until.getTime() / 1000).toString(36)}`);
    expect(holdPart("sunshine-chery", { slug: "a-car" }, false)).toBe(`-${key}`);
    expect(holdPart("sunshine-chery", { slug: "another-car" }, false)).toBe("");
    expect(holdPart("harbour-motor-group", { slug: "a-car" }, false)).toBe("");
    // A page listing the dealer's stock (no car slug) keys on every hold of the dealer's cars.
    expect(holdPart("sunshine-chery", {}, true)).toBe(`-${dealerHoldsKey("sunshine-chery")}`);
    expect(dealerHoldsKey("sunshine-chery")).toMatch(/^s[0-9a-z]+$/);
    expect(holdPart("harbour-motor-group", {}, true)).toBe("");
    // At expires_at the key is back to the free car's: the page rendered while held is not served again.
    now = until;
    expect(holdPart("sunshine-chery", { slug: "a-car" }, false)).toBe("");
    expect(holdPart("sunshine-chery", {}, true)).toBe("");
    noteHold(9001, { status: "confirmed", expires_at: null, dealer_slug: "sunshine-chery", car_slug: "a-car" });
    expect(holdPart("sunshine-chery", { slug: "a-car" }, false)).toBe("-c");
    // Confirmed is a change of the listing's key too.
    expect(holdPart("sunshine-chery", {}, true)).toMatch(/^-s[0-9a-z]+$/);
    // A page that lists no stock (home, content) keys on no hold: a hold does not render it again.
    expect(holdPart("sunshine-chery", {}, false)).toBe("");
  });

  it("counts a refresh as a change only when the holds it read differ from those it had", async () => {
    const until = new Date("2026-11-24T00:10:00Z");
    let rows = [{ car_id: 9001, status: "held", expires_at: until, dealer_slug: "sunshine-chery", car_slug: "a-car" }];
    const db = { query: async () => rows.map((r) => ({ ...r, expires_at: new Date(r.expires_at) })) } as unknown as Queryable;
    await refreshOverlay(db);
    const first = overlayVersion();
    // The same rows read again (new objects, as every read gives): nothing changed.
    await refreshOverlay(db);
    expect(overlayVersion()).toBe(first);
    rows = [{ ...rows[0], status: "confirmed" }];
    await refreshOverlay(db);
    expect(overlayVersion()).toBe(first + 1);
    expect(holdKey("sunshine-chery", "a-car", new Date("2026-11-24T00:00:00Z"))).toBe("c");
  });

  it("keeps a dealer's listing key until its holds change or the first of them lapses", () => {
    let now = new Date("2026-11-24T00:00:00Z");
    resetOverlayForTests(() => now);
    const until = new Date("2026-11-24T00:10:00Z");
    noteHold(9001, { status: "held", expires_at: until, dealer_slug: "sunshine-chery", car_slug: "a-car" });
    const held = dealerHoldsKey("sunshine-chery");
    expect(held).toMatch(/^s/);
    // Another dealer's hold changes the holds: asked again, the answer is the same key.
    noteHold(9002, { status: "held", expires_at: until, dealer_slug: "harbour-motor-group", car_slug: "b-car" });
    expect(dealerHoldsKey("sunshine-chery")).toBe(held);
    // A second hold of this dealer's changes it at once.
    noteHold(9003, { status: "held", expires_at: new Date("2026-11-24T00:05:00Z"), dealer_slug: "sunshine-chery", car_slug: "c-car" });
    const both = dealerHoldsKey("sunshine-chery");
    expect(both).not.toBe(held);
    // With nothing changed, the kept key lasts until the first hold lapses, then the key is the one left's.
    now = new Date("2026-11-24T00:04:59Z");
    expect(dealerHoldsKey("sunshine-chery")).toBe(both);
    now = new Date("2026-11-24T00:05:00Z");
    expect(dealerHoldsKey("sunshine-chery")).toBe(held);
    now = until;
    expect(dealerHoldsKey("sunshine-chery")).toBe("");
  });
});
