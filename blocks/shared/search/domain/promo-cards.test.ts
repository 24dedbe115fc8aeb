import { describe, expect, it } from "vitest";
import { insertPromoCards, placePromoCards, seedFrom, type TileLike } from "./promo-cards";
import { mulberry32 } from "@/runtime/stock/prng";
import { resolveSearchSettings } from "@/runtime/inventory/search-settings";

const tiles: TileLike[] = [
  { id: "trade", title: "We want your car", href: "/sell-your-car", position: 3 },
  { id: "july", title: "July sale", start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00" },
];
const june = new Date("2025-06-15T00:00:00Z");
const july = new Date("2025-07-10T00:00:00Z");

describe("promo card positions", () => {
  it("uses configured positions, or the tile's own position", () => {
    expect(placePromoCards([{ tile: "trade", positions: [5] }], tiles, june, 1)).toEqual([
      { card: { id: "trade", title: "We want your car", href: "/sell-your-car", text: undefined, image: undefined, cta: undefined }, position: 5 },
    ]);
    expect(placePromoCards([{ tile: "trade" }], tiles, june, 1).map((p) => p.position)).toEqual([3]);
  });
  it("places the similar-car tile at 8 and 17", () => {
    const placed = placePromoCards([{ title: "Find me something similar", href: "/contact", positions: [17, 8] }], tiles, june, 1);
    expect(placed.map((p) => p.position)).toEqual([8, 17]);
  });
  it("respects dated windows of the tile and of the entry", () => {
    expect(placePromoCards([{ tile: "july", positions: [2] }], tiles, june, 1)).toEqual([]);
    expect(placePromoCards([{ tile: "july", positions: [2] }], tiles, july, 1)).toHaveLength(1);
    expect(placePromoCards([{ title: "Show", positions: [2], expiry: "2025-07-01" }], tiles, july, 1)).toEqual([]);
    expect(placePromoCards([{ tile: "missing", positions: [2] }], tiles, july, 1)).toEqual([]);
  });
  it("a yearly tile or entry comes back each year between its dates", () => {
    const yearly: TileLike[] = [{ id: "july", title: "July sale", start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00", repeat: "yearly" }];
    const julyLater = new Date("2029-07-10T00:00:00Z");
    expect(placePromoCards([{ tile: "july", positions: [2] }], tiles, julyLater, 1)).toEqual([]);
    expect(placePromoCards([{ tile: "july", positions: [2] }], yearly, julyLater, 1)).toHaveLength(1);
    expect(placePromoCards([{ tile: "july", positions: [2] }], yearly, new Date("2029-08-10T00:00:00Z"), 1)).toEqual([]);
    const entry = { title: "Show", positions: [2], start: "2025-07-01", expiry: "2025-07-25", repeat: "yearly" as const };
    expect(placePromoCards([entry], tiles, julyLater, 1)).toHaveLength(1);
    expect(placePromoCards([{ ...entry, repeat: undefined }], tiles, julyLater, 1)).toEqual([]);
  });
  it("picks a random slot from the spread plus the offset, the same for the same seed", () => {
    // The schema's default spread (3) once the manifest is loaded: resolveSearchSettings fills it.
    const config = resolveSearchSettings({ promoCards: [{ tile: "trade", randomPosition: { offset: 4 } }] }).promoCards[0]!;
    expect(config.randomPosition).toEqual({ from: 3, offset: 4 });
    const seen = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const [p] = placePromoCards([config], tiles, june, seed);
      expect([5, 6, 7]).toContain(p.position);
      seen.add(p.position);
      expect(placePromoCards([config], tiles, june, seed)[0].position).toBe(p.position);
    }
    expect(seen.size).toBe(3);
  });
  it("has a deterministic generator", () => {
    const a = mulberry32(seedFrom("site:2025-06-15"));
    const b = mulberry32(seedFrom("site:2025-06-15"));
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe("inserting promo cards", () => {
  const cars = ["a", "b", "c", "d"];
  const card = { id: "x", title: "X" };
  it("puts each card in its slot", () => {
    const items = insertPromoCards(cars, [
      { card, position: 2 },
      { card: { ...card, id: "y" }, position: 4 },
    ]);
    expect(items.map((i) => (i.kind === "car" ? i.car : i.card.id))).toEqual(["a", "x", "b", "y", "c", "d"]);
  });
  it("skips slots past the results and shows nothing without cars", () => {
    expect(insertPromoCards(cars, [{ card, position: 8 }]).length).toBe(4);
    expect(insertPromoCards([], [{ card, position: 1 }])).toEqual([]);
  });
});
