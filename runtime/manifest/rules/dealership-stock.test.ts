import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { stockFacts } from "../stock-facts";
import { dealershipStock } from "./dealership-stock";
import type { Car } from "../../generated/types";

const car = (over: Partial<Car>) => ({ make: "Chery", model: "Omoda 5", car_type: "new", dealership_id: 1, dealership_slug: "test-dealer", ...over }) as Car;

describe("rule dealership-stock", () => {
  const manifest = schemaValidManifest((m) => m.dealerships.push({ id: 2, slug: "second", name: "Second Yard" }));

  it("says nothing without stock at hand", () => {
    expect(dealershipStock.check(ruleContext(manifest))).toEqual([]);
  });

  it("warns at the id of a dealership with no unsold cars", () => {
    const stock = stockFacts([car({}), car({ dealership_id: 2, sold: true }), car({ dealership_id: 3 })], [1, 2]);
    expect(dealershipStock.check({ ...ruleContext(manifest), stock })).toEqual([
      expect.objectContaining({
        pointer: "/dealerships/1/id",
        severity: "warning",
        message: "no cars in stock for dealership 2 (Second Yard): its searches will show '0 cars found'",
      }),
    ]);
  });
});
