import { describe, expect, it } from "vitest";
import { favouriteEligible, parseFavourites, refreshDetails, toggleFavourite, type Favourite } from "./favourites";

const car: Favourite = { id: 12, name: "2021 MG ZS", slug: "2021-mg-zs-12", make: "MG", model: "ZS", primary_image_url: "/img/12.jpg" };

describe("stored favourites: one format", () => {
  it("migrates the card's old list of string ids and the page's objects into one list", () => {
    const mixed = JSON.stringify([
      "12",
      13,
      { id: 14, name: "Car 14", slug: "car-14", make: "A", model: "B" },
      { id: 12, slug: "2021-mg-zs-12" },
      "x",
      null,
      { id: -1 },
    ]);
    expect(parseFavourites(mixed)).toEqual([
      { id: 12, name: "", slug: "2021-mg-zs-12", make: "", model: "", primary_image_url: null },
      { id: 13, name: "", slug: "", make: "", model: "", primary_image_url: null },
      { id: 14, name: "Car 14", slug: "car-14", make: "A", model: "B", primary_image_url: null },
    ]);
  });

  it("reads junk as empty", () => {
    expect(parseFavourites("{")).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites(null)).toEqual([]);
  });

  it("a car saved from a card is saved on its page: same id, details filled when shown", () => {
    const fromCard = parseFavourites(JSON.stringify(["12"]));
    expect(fromCard.some((f) => f.id === car.id)).toBe(true);
    expect(refreshDetails(fromCard, car)).toEqual([car]);
    expect(refreshDetails([car], car)).toEqual([car]);
  });

  it("toggles add and remove", () => {
    const added = toggleFavourite([], car);
    expect(added).toEqual({ list: [car], saved: true });
    expect(toggleFavourite(added.list, car)).toEqual({ list: [], saved: false });
  });
});

describe("favourite eligibility", () => {
  const on = { enabled: true, usedOnly: false };
  const ok = { available: true, price: 20000, hasImage: true, car_type: "new" };
  it("needs the feature, an available, priced and pictured car", () => {
    expect(favouriteEligible(ok, on)).toBe(true);
    expect(favouriteEligible(ok, { ...on, enabled: false })).toBe(false);
    expect(favouriteEligible({ ...ok, available: false }, on)).toBe(false);
    expect(favouriteEligible({ ...ok, price: 0 }, on)).toBe(false);
    expect(favouriteEligible({ ...ok, price: null }, on)).toBe(false);
    expect(favouriteEligible({ ...ok, hasImage: false }, on)).toBe(false);
  });
  it("on a used-only site, used cars only", () => {
    expect(favouriteEligible(ok, { enabled: true, usedOnly: true })).toBe(false);
    expect(favouriteEligible({ ...ok, car_type: "used" }, { enabled: true, usedOnly: true })).toBe(true);
  });
});
