import { describe, expect, it } from "vitest";
import { paintsFirst } from "./paint-first";
import { treeHasTrait } from "../block-traits";

const route = (...blocks: unknown[]) => ({ blocks });

describe("paintsFirst", () => {
  it("paints first without a live form: the slider, the hero, the vehicle and search pages, content and an empty page", () => {
    expect(paintsFirst(route({ type: "promotions-slider" }, { type: "tiles-grid" }))).toBe(true);
    expect(paintsFirst(route({ type: "hero", props: { heading: "Hi" } }))).toBe(true);
    expect(paintsFirst(route({ type: "search-grid" }))).toBe(true);
    expect(paintsFirst(route({ type: "tiles-grid" }, { type: "rich-text" }))).toBe(true);
    expect(paintsFirst(route())).toBe(true);
  });

  it("never paints first with a live form anywhere on the page, a slot's included", () => {
    expect(paintsFirst(route({ type: "hero", props: { heading: "Finance" } }, { type: "finance-calculator" }))).toBe(false);
    expect(paintsFirst(route({ type: "promotions-slider" }, { type: "enquiry-form" }))).toBe(false);
    const nested = { type: "vehicle-page", slots: { sections: [{ type: "vehicle-key-information" }, { type: "trade-in-form" }] } };
    expect(treeHasTrait(route(nested), "inputFirst")).toBe(true);
    expect(paintsFirst(route(nested))).toBe(false);
  });
});
