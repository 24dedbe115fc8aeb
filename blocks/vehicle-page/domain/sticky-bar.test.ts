import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { testSite } from "@/blocks/shared/vehicle-page/test-helpers";
import type { VehiclePageProps } from "@/runtime/generated/types";
import { stickyBarActions } from "./sticky-bar";

describe("sticky bar actions", () => {
  const site = testSite();
  // A tuple type in the schema: the test lists its actions as a manifest would.
  const bar = { actions: ["enquire"], scrolledActions: ["enquire", "reserve", "buy-online"] } as unknown as VehiclePageProps["stickyBar"];

  it("offers Reserve Online on a free car, and nothing to reserve a reserved one", () => {
    expect(stickyBarActions(bar, testCar(), site).scrolled!.map((a) => a.label)).toEqual(["Enquire Now", "Reserve Online", "Buy Online"]);
    const held = stickyBarActions(bar, testCar({ reserved: true }), site);
    expect(held.scrolled!.map((a) => a.label)).toEqual(["Enquire Now"]);
    expect(held.scrolled!.some((a) => a.href.includes("checkout"))).toBe(false);
  });
});
