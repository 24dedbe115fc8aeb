import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { FIRST_SCREEN_BLOCKS, paintsFirst } from "./paint-first";
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

  it("never paints first with a live form on the first screen, a slot's included", () => {
    expect(paintsFirst(route({ type: "hero", props: { heading: "Price" } }, { type: "price-range" }))).toBe(false);
    expect(paintsFirst(route({ type: "promotions-slider" }, { type: "spin-to-win" }))).toBe(false);
    const nested = { type: "vehicle-page", slots: { sections: [{ type: "vehicle-key-information" }, { type: "trade-in-form" }] } };
    expect(treeHasTrait(route(nested), "inputFirst")).toBe(true);
    expect(paintsFirst(route(nested))).toBe(false);
  });

  it("paints first when the page's only live form comes after its first screen, as on the model page", () => {
    const content = [{ type: "hero" }, { type: "rich-text" }, { type: "tiles-grid" }, { type: "stats-banner" }];
    expect(FIRST_SCREEN_BLOCKS).toBe(4);
    expect(paintsFirst(route(...content, { type: "trade-in-form" }))).toBe(true);
    expect(paintsFirst(route(...content.slice(1), { type: "trade-in-form" }))).toBe(false);
    const { routes } = JSON.parse(readFileSync("manifests/templates/dealer-base.json", "utf8")) as { routes: Record<string, { blocks?: unknown[] }> };
    expect(paintsFirst(routes["/models/[model]"])).toBe(true);
    expect(paintsFirst(routes["/cars/trade-in"])).toBe(false);
  });

  it("paints first on form pages whose forms work before their code: contact, test drive, finance, sign-in, a finance calculator", () => {
    // Plain posts (sign-in) and static islands that carry typed values over (the lead forms, the
    // calculator's panel) lose nothing when the framework's scripts come after the first paint.
    const { routes } = JSON.parse(readFileSync("manifests/templates/dealer-base.json", "utf8")) as { routes: Record<string, { blocks?: unknown[] }> };
    for (const path of ["/contact", "/book-test-drive", "/finance", "/sign-in", "/personalised/finance"]) expect(paintsFirst(routes[path]), path).toBe(true);
    // The checkout and the online payment are plain posts too (the test gateway's card fields);
    // a dealer on Stripe gets Stripe's element when the scripts arrive, just after the paint.
    for (const type of [
      "enquiry-form",
      "finance-calculator",
      "finance-enquiry-form",
      "test-drive-form",
      "service-booking",
      "sign-in",
      "checkout",
      "online-payment",
    ]) {
      expect(paintsFirst(route({ type })), type).toBe(true);
    }
  });
});
