import { describe, expect, it } from "vitest";
import { collapseSold } from "./sold";

const car = (id: number, status: string) => ({ id, status });

describe("sold collapsing", () => {
  it("keeps only the first of consecutive sold cars", () => {
    const cars = [car(1, "in_stock"), car(2, "sold"), car(3, "sold"), car(4, "sold"), car(5, "coming_soon"), car(6, "sold"), car(7, "in_stock")];
    expect(collapseSold(cars).map((c) => c.id)).toEqual([1, 2, 5, 6, 7]);
  });
  it("keeps a leading run's first car", () => {
    expect(collapseSold([car(1, "sold"), car(2, "sold"), car(3, "in_stock")]).map((c) => c.id)).toEqual([1, 3]);
  });
  it("shows all when all are sold", () => {
    expect(collapseSold([car(1, "sold"), car(2, "sold")]).map((c) => c.id)).toEqual([1, 2]);
    expect(collapseSold([])).toEqual([]);
  });
  it("counts the sold flag too", () => {
    expect(
      collapseSold([
        { id: 1, status: "in_stock" },
        { id: 2, sold: true },
        { id: 3, sold: true },
      ]).map((c) => c.id),
    ).toEqual([1, 2]);
  });
});
