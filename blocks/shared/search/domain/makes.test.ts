import { describe, expect, it } from "vitest";
import { makesByCount, toggledMakes, visibleMakeCards, withMakes, type MakeItem } from "./makes";

const item = (value: string, count: number, isRefined = false): MakeItem => ({ value, label: value, count, isRefined });

describe("withMakes", () => {
  it("sets the makes and goes back to the first page, keeping the models when no make is removed", () => {
    const prev = { refinementList: { make: ["Kia"], model: ["Sportage"], colour: ["White"] }, page: 3 };
    expect(withMakes(prev, ["Kia", "Mazda"])).toEqual({
      refinementList: { make: ["Kia", "Mazda"], model: ["Sportage"], colour: ["White"] },
      page: undefined,
    });
  });

  it("clears the models when a make is removed or none is left", () => {
    const prev = { refinementList: { make: ["Kia", "Mazda"], model: ["Sportage"] } };
    expect(withMakes(prev, ["Mazda"]).refinementList).toEqual({ make: ["Mazda"], model: [] });
    expect(withMakes({ refinementList: {} }, []).refinementList).toEqual({ make: [], model: [] });
  });
});

describe("toggledMakes", () => {
  const items = [item("Kia", 5, true), item("Mazda", 3), item("Ford", 2, true)];
  it("removes a chosen make", () => expect(toggledMakes(items, "Kia")).toEqual(["Ford"]));
  it("adds an unchosen make at the end", () => expect(toggledMakes(items, "Mazda")).toEqual(["Kia", "Ford", "Mazda"]));
});

describe("makesByCount", () => {
  it("orders by count, most first, then by label, without changing its input", () => {
    const items = [item("Mazda", 3), item("Audi", 3), item("Kia", 9)];
    expect(makesByCount(items).map((i) => i.value)).toEqual(["Kia", "Audi", "Mazda"]);
    expect(items.map((i) => i.value)).toEqual(["Mazda", "Audi", "Kia"]);
  });
});

describe("visibleMakeCards", () => {
  const byCount = [item("A", 9), item("B", 8), item("C", 7, true), item("D", 6), item("E", 5, true)];
  it("shows the first cards plus chosen makes beyond them", () => {
    expect(visibleMakeCards(byCount, false, 2).map((i) => i.value)).toEqual(["A", "B", "C", "E"]);
  });
  it("shows every make when asked", () => {
    expect(visibleMakeCards(byCount, true, 2)).toHaveLength(5);
  });
});
