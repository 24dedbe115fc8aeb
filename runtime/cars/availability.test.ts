import { describe, expect, it } from "vitest";
import { carTitle, isAvailable, showsPrice } from "./availability";

describe("car availability and display", () => {
  it("counts in_stock and coming_soon as available", () => {
    expect(isAvailable({ status: "in_stock" })).toBe(true);
    expect(isAvailable({ status: "coming_soon" })).toBe(true);
    expect(isAvailable({ status: "sold" })).toBe(false);
    expect(isAvailable({ status: "unavailable" })).toBe(false);
  });
  it("shows a price only above 10", () => {
    expect(showsPrice(10)).toBe(false);
    expect(showsPrice(11)).toBe(true);
    expect(showsPrice(undefined)).toBe(false);
  });
  it("titles a car year make model badge series, skipping blanks", () => {
    expect(carTitle({ year: 2021, make: "Toyota", model: "RAV4", badge: "GX", series: "Hybrid" })).toBe("2021 Toyota RAV4 GX Hybrid");
    expect(carTitle({ year: 2024, make: "Chery", model: "Omoda 5", badge: "", series: undefined })).toBe("2024 Chery Omoda 5");
  });
});
