import { describe, expect, it } from "vitest";
import { MAX_RECENTLY_VIEWED, parseViewed, recordView, type ViewedCar } from "./recently-viewed";

const car = (id: number): ViewedCar => ({ id, stocknum: `S${id}`, make: "MG", model: "ZS", body: "Wagon", simple_body: "SUV", slug: `car-${id}`, year: 2021 });

describe("recently viewed", () => {
  it("puts the latest first, once, and keeps at most 10", () => {
    let list: ViewedCar[] = [];
    for (let i = 1; i <= 12; i++) list = recordView(list, car(i));
    expect(list).toHaveLength(MAX_RECENTLY_VIEWED);
    expect(list[0]!.id).toBe(12);
    list = recordView(list, car(5));
    expect(list.map((c) => c.id).slice(0, 3)).toEqual([5, 12, 11]);
    expect(list.filter((c) => c.id === 5)).toHaveLength(1);
  });
  it("reads the stored fields and drops junk", () => {
    expect(parseViewed(JSON.stringify([car(1), { id: "x" }, 3, car(1)]))).toEqual([car(1)]);
    expect(parseViewed("nope")).toEqual([]);
  });
});
