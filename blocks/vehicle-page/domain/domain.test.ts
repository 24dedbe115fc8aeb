import { describe, expect, it, vi } from "vitest";
import { createEngine } from "@/runtime/search/engine";
import { EmbeddedStockSearch } from "@/runtime/search/service";
import { quoteFilterToken } from "@/runtime/search/filter-grammar";
import { autogaugeFromComparables, autogaugeFromFeed, comparablesFilter, gaugeEligible, gaugeLabel, gaugeVisible } from "./gauge";
import { fallbackSimilarQuery, mergeSimilarCars, priceBand, SIMILAR_QUERY_LIMIT, similarCarsQueries, similarCarsTitle } from "./similar-cars";
import { availabilityOf, conditionOf, scriptJson, vehicleJsonLd } from "./json-ld";
import { allSpecifications, breadcrumbTrail, keyInformation } from "./details";
import { sidebarButtons } from "./sidebar";
import { locationAnnouncement } from "./location";
import { trackEvent } from "@/runtime/analytics";
import { testCar } from "./fixtures";

describe("price gauge conditions", () => {
  const ok = { fill: 60, listing_price: 30_000, market_range_min: 28_000, market_range_max: 34_000, confidence: 0.5, description: "x" };
  it("shows only when every value is present", () => {
    expect(gaugeVisible(ok)).toBe(true);
    for (const key of Object.keys(ok)) expect(gaugeVisible({ ...ok, [key]: undefined })).toBe(false);
    expect(gaugeVisible(null)).toBe(false);
    expect(gaugeVisible({ ...ok, description: " " })).toBe(false);
  });
  it("needs confidence above 0.2", () => {
    expect(gaugeVisible({ ...ok, confidence: 0.2 })).toBe(false);
    expect(gaugeVisible({ ...ok, confidence: 0.21 })).toBe(true);
  });
  it("needs the market maximum not below the listing price", () => {
    expect(gaugeVisible({ ...ok, market_range_max: 29_999 })).toBe(false);
    expect(gaugeVisible({ ...ok, market_range_max: 30_000 })).toBe(true);
  });
  it("labels the lower third of the range a Great Deal", () => {
    expect(gaugeLabel({ fill: 80 })).toBe("Great Deal");
    expect(gaugeLabel({ fill: 40 })).toBe("Good Deal");
  });
  it("is for used cars on sites with the Autogauge plugin and flag", () => {
    const site = { plugins: ["Autogauge"], features: { autogauge: true } };
    expect(gaugeEligible(site, { car_type: "used" })).toBe(true);
    expect(gaugeEligible(site, { car_type: "new" })).toBe(false);
    expect(gaugeEligible({ plugins: [], features: { autogauge: true } }, { car_type: "used" })).toBe(false);
    expect(gaugeEligible({ plugins: ["Autogauge"], features: {} }, { car_type: "used" })).toBe(false);
  });
  it("computes the range from comparables (10th to 90th percentile) and grows confidence with their number", () => {
    const prices = Array.from({ length: 11 }, (_, i) => 25_000 + i * 1000); // 25k..35k
    const g = autogaugeFromComparables(27_000, prices)!;
    expect(g).toMatchObject({ listing_price: 27_000, market_range_min: 26_000, market_range_max: 34_000, confidence: 0.37 });
    expect(g.fill).toBe(88);
    expect(gaugeVisible(g)).toBe(true);
    expect(autogaugeFromComparables(27_000, [1, 2])).toBeNull();
    expect(autogaugeFromComparables(0, prices)).toBeNull();
  });
  it("falls back to the feed's market data", () => {
    expect(autogaugeFromFeed(20_000, { market_range_min: 19_000, market_range_max: 23_000, confidence: 0.14 })).toMatchObject({ fill: 75, confidence: 0.14 });
    expect(autogaugeFromFeed(20_000, { market_range_min: 19_000 })).toBeNull();
  });
  it("filters comparables to the same make and model, a similar year, used, never the car itself", () => {
    expect(comparablesFilter({ make: "Toyota", model: "RAV4", year: 2021, id: 7 }, quoteFilterToken)).toBe("make:Toyota AND model:RAV4 AND year:2019 TO 2023 AND car_type:used AND price > 10 AND NOT id=7");
  });
});

describe("similar cars", () => {
  it("uses a band of 10,000 under 50,000 and 25,000 from 50,000", () => {
    expect(priceBand(32_990)).toEqual({ min: 22_990, max: 42_990 });
    expect(priceBand(49_999)).toEqual({ min: 39_999, max: 59_999 });
    expect(priceBand(50_000)).toEqual({ min: 25_000, max: 75_000 });
    expect(priceBand(5_000)).toEqual({ min: 0, max: 15_000 });
  });
  it("builds one multi-search of three queries, limit 10 each, in the band, never the car itself", () => {
    const qs = similarCarsQueries(testCar(), "Car_production");
    expect(qs).toHaveLength(3);
    for (const q of qs) {
      expect(q.hitsPerPage).toBe(SIMILAR_QUERY_LIMIT);
      expect(q.indexName).toBe("Car_production");
      expect(q.filters).toContain("NOT id=1");
      expect(q.filters).toContain("price:22990 TO 42990");
      expect(q.filters).toContain("(status:in_stock OR status:coming_soon)");
    }
    expect(qs[0].filters).toMatch(/^make:Toyota AND model:RAV4 AND/);
    expect(qs[2].filters).toMatch(/^simple_body:suv AND/);
    expect(fallbackSimilarQuery(testCar()).filters).not.toContain("make:");
  });
  it("de-duplicates by id, drops the car itself, puts the same model first and keeps 6", () => {
    const c = (id: number, model: string) => ({ id, make: "Toyota", model });
    const merged = mergeSimilarCars(c(1, "RAV4"), [[c(2, "Corolla"), c(3, "RAV4")], [c(3, "RAV4"), c(1, "RAV4"), c(4, "Camry"), c(5, "rav4")], [c(6, "Yaris"), c(7, "Hilux"), c(8, "Prado"), c(9, "RAV4")]]);
    expect(merged.map((h) => h.id)).toEqual([3, 5, 9, 2, 4, 6]);
  });
  it("runs against the embedded engine: the multi-search parses and the car itself never comes back", async () => {
    const records = [
      testCar(),
      testCar({ objectID: "2", id: 2, slug: "b", model: "RAV4", price: 30_000 }),
      testCar({ objectID: "3", id: 3, slug: "c", model: "Corolla", price: 28_000, simple_body: "hatch" }),
      testCar({ objectID: "4", id: 4, slug: "d", model: "Kluger", make: "Toyota", price: 90_000 }),
      testCar({ objectID: "5", id: 5, slug: "e", model: "CX-5", make: "Mazda", price: 35_000 }),
      testCar({ objectID: "6", id: 6, slug: "f", model: "RAV4", price: 31_000, status: "sold" }),
    ] as unknown as Record<string, unknown>[];
    const engine = createEngine(records);
    const search = new EmbeddedStockSearch({ engineFor: () => engine });
    const { results } = await search.multiSearch(similarCarsQueries(testCar(), "Car_production"), { baseFilter: "" });
    const merged = mergeSimilarCars(testCar(), results.map((r) => ("hits" in r ? (r.hits as unknown as ReturnType<typeof testCar>[]) : [])));
    expect(merged.map((h) => h.id)).toEqual([2, 5]); // the Corolla is a hatch in another model: no query asks for it
  });
  it("titles the section from the site's wording", () => {
    expect(similarCarsTitle(undefined, undefined)).toBe("Similar Cars In-Stock");
    expect(similarCarsTitle("Similar {vehicleType}s In-Stock", "Caravan")).toBe("Similar Caravans In-Stock");
    expect(similarCarsTitle("Available for subscription", "Car")).toBe("Available for subscription");
  });
});

describe("structured data", () => {
  it("describes the car as Car and Product with an AUD offer", () => {
    const ld = vehicleJsonLd(testCar(), { origin: "https://d.example", url: "https://d.example/cars/x", sellerName: "Dealer" });
    expect(ld).toMatchObject({
      "@type": ["Car", "Product"],
      brand: { "@type": "Brand", name: "Toyota" },
      model: "RAV4",
      vehicleConfiguration: "GX",
      vehicleModelDate: "2021",
      vehicleIdentificationNumber: "JTMW43FV00D123456",
      mileageFromOdometer: { value: 45_210, unitCode: "KMT" },
      fuelType: "Unleaded Petrol",
      vehicleTransmission: "Automatic",
      bodyType: "Wagon",
      color: "White",
      itemCondition: "https://schema.org/UsedCondition",
      offers: { "@type": "Offer", price: 32_990, priceCurrency: "AUD", availability: "https://schema.org/InStock" },
    });
    expect((ld.image as string[])[0]).toBe("https://d.example/api/images/vehicle/suv/white/side.webp?w=640&q=75&v=1");
  });
  it("marks sold, reserved and coming-soon cars, and new ones as new", () => {
    expect(availabilityOf({ status: "sold" })).toBe("https://schema.org/SoldOut");
    expect(availabilityOf({ status: "in_stock", reserved: true })).toBe("https://schema.org/Reserved");
    expect(availabilityOf({ status: "coming_soon" })).toBe("https://schema.org/PreOrder");
    expect(availabilityOf({ status: "unavailable" })).toBe("https://schema.org/OutOfStock");
    expect(conditionOf({ car_type: "new" })).toBe("https://schema.org/NewCondition");
    expect(conditionOf({ car_type: "demo" })).toBe("https://schema.org/UsedCondition");
  });
  it("leaves out the price when none is displayed", () => {
    expect((vehicleJsonLd(testCar({ price: 0 }), { origin: "https://d.example", url: "u" }).offers as Record<string, unknown>).price).toBeUndefined();
  });
  it("escapes '<' so dealer text cannot close the script", () => {
    const json = scriptJson(vehicleJsonLd(testCar({ dealercomments: "</script><script>alert(1)</script> & more" }), { origin: "https://d.example", url: "u" }));
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(json).description).toBe("</script><script>alert(1)</script> & more");
  });
});

describe("details", () => {
  it("lists key information with the first four being odometer, transmission, body and fuel", () => {
    expect(keyInformation(testCar()).slice(0, 4).map((s) => s.label)).toEqual(["Odometer", "Transmission", "Body", "Fuel"]);
    expect(keyInformation(testCar())[0].value).toBe("45,210 km");
  });
  it("leaves out missing specifications", () => {
    expect(allSpecifications(testCar({ variant: undefined })).some((s) => s.label === "Torque")).toBe(false);
    expect(allSpecifications(testCar({ variant: { torque: 250 } })).find((s) => s.label === "Torque")?.value).toBe("250 Nm");
  });
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

describe("sidebar buttons", () => {
  const manifest = (features: Record<string, boolean>, buttons: { action: string; flag?: string; label?: string }[]) =>
    ({ features, dealerships: [{ id: 101, slug: "test-dealer", name: "T" }], vehiclePage: { sidebarButtons: buttons } }) as never;
  it("keeps the manifest's order and drops buttons whose flag or feature is off", () => {
    const m = manifest({ finance: true, testDrive: false }, [{ action: "finance" }, { action: "enquire", label: "Ask us" }, { action: "test-drive" }, { action: "reserve" }, { action: "call" }]);
    expect(sidebarButtons(m, testCar()).map((b) => [b.action, b.label])).toEqual([["finance", "Get Finance Now"], ["enquire", "Ask us"], ["call", "Call"]]);
  });
  it("shows no buying buttons for a sold car", () => {
    const m = manifest({ finance: true, printPdf: true }, [{ action: "enquire" }, { action: "finance" }, { action: "call" }, { action: "print" }]);
    expect(sidebarButtons(m, testCar({ status: "sold" })).map((b) => b.action)).toEqual(["call", "print"]);
  });
  it("links finance with the car's details and print to the printable page", () => {
    const m = manifest({ finance: true, printPdf: true }, [{ action: "finance" }, { action: "print" }]);
    const [finance, print] = sidebarButtons(m, testCar());
    expect(finance.href).toBe("/finance?preferredDealership=test-dealer&vehiclePriceBudget=32990&car_id=1&car_type=used&vin=JTMW43FV00D123456#finance-form");
    expect(print).toMatchObject({ href: "/print?car_id=2021-toyota-rav4-gx-abc123", newTab: true });
  });
});

describe("location announcement", () => {
  const locations = [{ id: 11, primary: true }, { id: 12 }] as never;
  it("is shown only when the car is not at the primary location", () => {
    expect(locationAnnouncement({ locations }, testCar())).toBeNull();
    const away = testCar({ location_id: 12, location: { id: 12, name: "Capalaba", slug: "capalaba", address: { street: "1 Main St", city: "Capalaba", state: "QLD", postcode: "4157", lat: -27.5, long: 153.2 }, dealership: { id: 101, slug: "t" } } });
    expect(locationAnnouncement({ locations }, away)).toEqual({ city: "Capalaba", locationName: "Capalaba", directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=-27.5,153.2" });
  });
});

describe("analytics", () => {
  it("pushes the event with its id to the named sink, creating the default dataLayer", () => {
    const host: Record<string, unknown> = {};
    expect(trackEvent("calculator", { calculator: "fuel" }, undefined, host)).toBe(true);
    expect(host.dataLayer).toEqual([{ calculator: "fuel", event: "calculator_use", event_id: 26 }]);
    const custom: unknown[] = [];
    expect(trackEvent("print", {}, "myLayer", { myLayer: custom })).toBe(true);
    expect(custom).toEqual([{ event: "print", event_id: 61 }]);
  });
  it("uses the spec's event ids", () => {
    const host: Record<string, unknown> = {};
    for (const name of ["historyReport", "favourite", "usedCarView", "searchPageView"] as const) trackEvent(name, {}, "dataLayer", host);
    expect((host.dataLayer as { event_id: number }[]).map((e) => e.event_id)).toEqual([60, 39, 4, 49]);
  });
  it("warns and carries on when the sink is missing or throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(trackEvent("save", {}, "missingLayer", {})).toBe(false);
    expect(trackEvent("phoneClick", {}, "dataLayer", { dataLayer: { push: () => { throw new Error("blocked"); } } })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
