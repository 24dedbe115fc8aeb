import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
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
});
