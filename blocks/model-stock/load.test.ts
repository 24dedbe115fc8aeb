import { describe, expect, it } from "vitest";
import { modelStockFilter, pageParam } from "./load";

describe("manufacturer-model search", () => {
  it("filters by the model's make and model as stock writes them", () => {
    expect(modelStockFilter({ make: "Chery", name: "Tiggo 7 Pro" })).toBe('make:Chery AND model:"Tiggo 7 Pro"');
  });
  it("reads ?page=N, 1 for anything else", () => {
    expect(pageParam("3")).toBe(3);
    expect(pageParam(["2", "5"])).toBe(2);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "100000"]) expect(pageParam(bad)).toBe(1);
  });
});
