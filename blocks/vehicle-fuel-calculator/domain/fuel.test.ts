import { describe, expect, it } from "vitest";
import { cleanFuelInput, fuelCost, showsFuelCalculator, startingConsumption } from "./fuel";

describe("fuel calculator", () => {
  it("strips '$', ',' and 'kms'", () => {
    expect(cleanFuelInput("$1.70")).toBe(1.7);
    expect(cleanFuelInput("1,250 kms")).toBe(1250);
    expect(cleanFuelInput("250kms")).toBe(250);
    expect(cleanFuelInput("abc")).toBeNaN();
    expect(cleanFuelInput("")).toBeNaN();
  });
  it("costs the defaults: 250 km at 10 L/100km and $1.70 is $42.50", () => {
    expect(fuelCost({ pricePerLitre: "1.70", distanceKm: "250", litresPer100Km: "10" })).toEqual({ ok: true, litres: 25, cost: 42.5 });
  });
  it("names the field that cannot be read", () => {
    expect(fuelCost({ pricePerLitre: "$2", distanceKm: "far", litresPer100Km: "8" })).toMatchObject({ ok: false, field: "distanceKm" });
  });
  it("is hidden for electric cars and starts from the car's consumption", () => {
    expect(showsFuelCalculator({ simple_fuel: "Electric" })).toBe(false);
    expect(showsFuelCalculator({ simple_fuel: "Hybrid" })).toBe(true);
    expect(startingConsumption({ variant: { fuelconsumptioncombined: 7.1 } })).toBe(7.1);
    expect(startingConsumption({})).toBe(10);
  });
});
