import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock, testContext, testSite } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";
import { VehiclePriceGauge } from "./VehiclePriceGauge";

const gauge = { plugins: ["Autogauge"], features: { autogauge: true } };

describe("vehicle-price-gauge block", () => {
  it("is placed for an available used car where the site has Autogauge (it fetches its data, and renders, once reached)", () => {
    const element = VehiclePriceGauge({ props: {}, data: undefined, dataFailed: false, site: testSite(gauge), slots: {}, context: testContext(testCar()) });
    expect(element?.props).toEqual({ slug: testCar().slug });
  });
  it("is left out for new and sold cars and sites without the plugin", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ car_type: "new" }), manifest: gauge })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar({ status: "sold" }), manifest: gauge })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar() })).toBe("");
  });
});
