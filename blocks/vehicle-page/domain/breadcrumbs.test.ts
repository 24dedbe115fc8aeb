import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { parseSearchUrl } from "@/blocks/shared/search/domain/url-state";
import { breadcrumbTrail } from "./breadcrumbs";

describe("breadcrumbs", () => {
  it("builds both breadcrumb variants", () => {
    expect(breadcrumbTrail(testCar(), "title")).toEqual([{ label: "2021 Toyota RAV4 GX" }]);
    expect(breadcrumbTrail(testCar(), "trail")).toEqual([
      { label: "Used", href: "/search/used-cars" },
      { label: "Toyota", href: "/search/toyota" },
      { label: "RAV4", href: "/search/toyota/rav4" },
      { label: "SUV" },
    ]);
    expect(breadcrumbTrail(testCar({ car_type: "demo" }), "trail", "Pre-owned")[0]).toEqual({ label: "Demo", href: "/search/new-and-demo-cars" });
  });

  it("links the make and model to the search page's own segments, accents and '+' included", () => {
    const car = testCar({ make: "Škoda", model: "Octavia Sport+" });
    const [, make, model] = breadcrumbTrail(car, "trail");
    expect(make.href).toBe("/search/skoda");
    expect(model.href).toBe("/search/skoda/octavia-sport-plus");
    const segments = model.href!.split("/").slice(2);
    const state = parseSearchUrl(segments, new URLSearchParams(), { makes: ["Škoda"], makeModels: ["Škoda > Octavia Sport+"], dealershipSlugs: [] });
    expect(state.refinements.make).toEqual(["Škoda"]);
    expect(state.refinements.model).toEqual(["Octavia Sport+"]);
  });
});
