import { describe, expect, it } from "vitest";
import { siteCardOptions } from "./site-card-options";

describe("siteCardOptions", () => {
  it("follows the site's feature flags and wording, at the request's time, without view counts", () => {
    const on = siteCardOptions(
      { features: { youxQuote: true, subscription: true, fuelTags: true, favourites: true }, wording: { vehicleType: "Car" } } as never,
      42,
    );
    expect(on).toMatchObject({ quoteRequests: true, subscription: true, fuelTags: true, favourites: true, nowMs: 42, showViews: false });
    expect(on.wording).toEqual({ vehicleType: "Car" });
    const off = siteCardOptions({ features: { finance: false, youxQuote: false, subscription: false, fuelTags: false, favourites: false } } as never, 1);
    expect(off).toMatchObject({ finance: false, quoteRequests: false, subscription: false, fuelTags: false, favourites: false, wording: {} });
  });
});
