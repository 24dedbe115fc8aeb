import { describe, expect, it } from "vitest";
import { compareHref, compareRows, parseCompare, slugsFromQuery, toggleCompare } from "./compare";

const car = (id: number) => ({ id, slug: `car-${id}`, name: `Car ${id}` });

describe("compare", () => {
  it("picks up to 3 cars and refuses a fourth", () => {
    let list = toggleCompare([], car(1)).list;
    list = toggleCompare(list, car(2)).list;
    list = toggleCompare(list, car(3)).list;
    expect(toggleCompare(list, car(4))).toEqual({ list, result: "full" });
    expect(toggleCompare(list, car(2))).toEqual({ list: [car(1), car(3)], result: "removed" });
  });
  it("reads the stored list, dropping old bare ids", () => {
    expect(parseCompare(JSON.stringify(["12", car(1), car(1), { id: 2, slug: "Bad Slug" }]))).toEqual([car(1)]);
  });
  it("shares an address of slugs and reads it back", () => {
    expect(compareHref(["a-1", "b-2"])).toBe("/compare?cars=a-1,b-2");
    expect(slugsFromQuery("a-1,b-2,a-1,<x>,c-3,d-4")).toEqual(["a-1", "b-2", "c-3"]);
    expect(slugsFromQuery(undefined)).toEqual([]);
  });
  it("marks the rows whose values differ and leaves out empty rows", () => {
    expect(
      compareRows([
        { label: "Make", values: ["MG", "MG"] },
        { label: "Price", values: ["$1", "$2"] },
        { label: "Seats", values: ["", ""] },
      ]),
    ).toEqual([
      { label: "Make", values: ["MG", "MG"], differs: false },
      { label: "Price", values: ["$1", "$2"], differs: true },
    ]);
  });
});
