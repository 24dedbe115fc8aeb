import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { stockFacts } from "../stock-facts";
import { searchLinkMatches, searchLinksStock } from "./search-links-stock";
import type { Car } from "../../generated/types";

const car = (over: Partial<Car>) => ({ make: "Chery", model: "Omoda 5", car_type: "new", dealership_id: 1, dealership_slug: "test-dealer", ...over }) as Car;
const stock = stockFacts([car({}), car({ make: "Toyota", model: "RAV4", car_type: "used" })], [1]);

describe("rule search-links-stock", () => {
  it("reads car types, makes, models and the dealership from a search path", () => {
    expect(searchLinkMatches("/search/used-cars", stock)?.matches).toBe(1);
    expect(searchLinkMatches("/search/new-and-demo-cars?sortBy=x", stock)?.matches).toBe(1);
    expect(searchLinkMatches("/search/demo-cars", stock)?.matches).toBe(0);
    expect(searchLinkMatches("/search/chery/omoda-5", stock)?.matches).toBe(1);
    expect(searchLinkMatches("/search/toyota/corolla", stock)?.matches).toBe(0);
    expect(searchLinkMatches("/search/test-dealer", stock)?.matches).toBe(1);
    expect(searchLinkMatches("/search", stock)).toBeNull();
    expect(searchLinkMatches("/about-us", stock)).toBeNull();
  });

  it("warns at a menu link whose search finds no cars", () => {
    const manifest = schemaValidManifest((m) => m.menus.header.push({ label: "Hondas", href: "/search/honda" }, { label: "Used", href: "/search/used-cars" }));
    expect(searchLinksStock.check({ ...ruleContext(manifest), stock })).toEqual([
      expect.objectContaining({
        pointer: "/menus/header/2/href",
        severity: "warning",
        message: "the link '/search/honda' finds no cars in this dealer's stock (make 'honda')",
      }),
    ]);
  });

  it("says nothing without stock", () => {
    const manifest = schemaValidManifest((m) => m.menus.header.push({ label: "Hondas", href: "/search/honda" }));
    expect(searchLinksStock.check(ruleContext(manifest))).toEqual([]);
  });
});
