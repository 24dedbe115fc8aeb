import { describe, expect, it } from "vitest";
import type { Tenant } from "@/runtime/tenant";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { autogaugeRoute } from "./route";

const manifest = { slug: "test-dealer", plugins: ["Autogauge"], features: { autogauge: true } } as never;
const tenant: Tenant = { kind: "site", slug: "test-dealer", manifest };
const car = testCar({ views: 100 });
const findCar = async (_m: unknown, slug: string) => (slug === car.slug ? car : null);

describe("autogauge route", () => {
  it("answers the gauge from comparables, falls back to the feed, and 404s without data", async () => {
    const prices = Array.from({ length: 20 }, (_, i) => 30_000 + i * 500);
    const ok = await autogaugeRoute(tenant, car.slug, { findCar, comparablePrices: async () => prices });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ listing_price: 32_990, confidence: 0.67 });
    const feedCar = { ...car, autograb_data: { average_market_price: 34_000, market_range_min: 31_000, market_range_max: 36_000, confidence: 0.4 } };
    const feed = await autogaugeRoute(tenant, car.slug, { findCar: async () => feedCar, comparablePrices: async () => [] });
    expect(await feed.json()).toMatchObject({ market_range_min: 31_000, confidence: 0.4 });
    const none = await autogaugeRoute(tenant, car.slug, { findCar, comparablePrices: async () => [] });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ message: "No data returned", status: 404 });
  });
  it("has no gauge for new cars or sites without the plugin", async () => {
    expect(
      (await autogaugeRoute(tenant, car.slug, { findCar: async () => ({ ...car, car_type: "new" as const }), comparablePrices: async () => [1, 2, 3] })).status,
    ).toBe(404);
    const noPlugin: Tenant = { kind: "site", slug: "x", manifest: { slug: "x", features: { autogauge: true } } as never };
    expect((await autogaugeRoute(noPlugin, car.slug, { findCar })).status).toBe(404);
  });
  it("is 404 for another dealer's car and for a host that is not a site", async () => {
    expect((await autogaugeRoute(tenant, "someone-elses-car", { findCar, comparablePrices: async () => [1, 2, 3] })).status).toBe(404);
    expect((await autogaugeRoute({ kind: "unknown", host: "x" }, car.slug, { findCar })).status).toBe(404);
  });
});
