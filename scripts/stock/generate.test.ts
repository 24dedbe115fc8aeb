import { beforeAll, describe, expect, it } from "vitest";
import type { Car } from "../../runtime/generated/types";
import { validateCar } from "../../runtime/generated/validate-car.js";
import { searchSettingsDefaults } from "../../runtime/generated/defaults";
import { repaymentFor } from "../../runtime/finance/repayment";
import { IMAGE_BODIES, parseVehicleImagePath } from "../../runtime/images/vehicle-image-url";
import { slugify } from "../../runtime/slug";
import { STOCK_SITES } from "./dealers";
import { allocate, allRecords, generateStock, INCLUDE_SOLD_WINDOW_DAYS, JUST_ARRIVED_DAYS, makeVin, weeklyRepayment, type GeneratedStock } from "./generate";
import { createRng } from "./rng";

const NOW = Date.UTC(2026, 0, 15); // fixed, so the suite is deterministic
let stock: GeneratedStock;
let all: Car[];
let sample: Car[];

beforeAll(() => {
  stock = generateStock({ now: NOW });
  all = allRecords(stock);
  sample = all.filter((c) => c.dealership_id !== 999);
});

const count = <K extends string | number>(cars: Car[], f: (c: Car) => K | undefined) => {
  const m = new Map<K, number>();
  for (const c of cars) {
    const k = f(c);
    if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
};

describe("generateStock", () => {
  it("is deterministic for a seed and differs across seeds", () => {
    const a = generateStock({ seed: "s1", count: 400, now: NOW });
    const b = generateStock({ seed: "s1", count: 400, now: NOW });
    const c = generateStock({ seed: "s2", count: 400, now: NOW });
    expect(JSON.stringify(a.bySite)).toBe(JSON.stringify(b.bySite));
    expect(JSON.stringify(a.bySite)).not.toBe(JSON.stringify(c.bySite));
  });

  it("writes at least 3,000 vehicles for the sample dealers and some foreign stock", () => {
    expect(sample.length).toBeGreaterThanOrEqual(3000);
    expect(Object.keys(stock.bySite)).toEqual(STOCK_SITES.map((s) => s.slug));
    expect(stock.bySite["rival-motors"].length).toBeGreaterThan(10);
    expect(stock.bySite["rival-motors"].every((c) => c.dealership_id === 999)).toBe(true);
    for (const site of STOCK_SITES) {
      const ids = new Set(site.dealerships.map((d) => d.id));
      expect(stock.bySite[site.slug].every((c) => ids.has(c.dealership_id))).toBe(true);
      for (const d of site.dealerships) expect(stock.bySite[site.slug].some((c) => c.dealership_id === d.id)).toBe(true);
    }
  });

  it("validates every record against car.schema.json", () => {
    const failures: string[] = [];
    for (const car of all) {
      if (!validateCar(car)) failures.push(`${car.slug}: ${JSON.stringify(validateCar.errors?.slice(0, 3))}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it("slugs cars with the platform's slug rule", () => {
    for (const car of all.slice(0, 300)) expect(car.slug).toBe(`${slugify(car.name)}-${car.slug.slice(-6)}`);
  });

  it("quotes weekly repayments with the finance engine's repayment", () => {
    const quoted = sample.filter((c) => c.youxQuote?.advertisedRate !== undefined);
    expect(quoted.length).toBeGreaterThan(100);
    for (const c of quoted.slice(0, 200)) {
      const engine = repaymentFor({ price: c.price, annualRate: c.youxQuote!.advertisedRate!, termYears: 5, frequency: "weekly" }).payment;
      expect(c.youxQuote!.weeklyRepaymentAmount).toBe(engine);
    }
    // A weekly amortisation, not a monthly payment converted to weeks.
    expect(weeklyRepayment(30_000, 10)).toBe(repaymentFor({ price: 30_000, annualRate: 10, termYears: 5, frequency: "weekly" }).payment);
    expect(weeklyRepayment(30_000, 10)).not.toBe(Math.round(((((30_000 * (0.1 / 12)) / (1 - Math.pow(1 + 0.1 / 12, -60))) * 12) / 52) * 100) / 100);
  });

  it("takes its date windows from the search settings' schema defaults", () => {
    expect(INCLUDE_SOLD_WINDOW_DAYS).toBe(searchSettingsDefaults.includeSoldCarsDays);
    expect(JUST_ARRIVED_DAYS).toBe(searchSettingsDefaults.justArrivedDays);
  });

  it("has unique ids, slugs and stock numbers", () => {
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.objectID)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.slug)).size).toBe(all.length);
    expect(new Set(all.map((c) => `${c.dealership_id}:${c.stocknum}`)).size).toBe(all.length);
    expect(all.every((c) => c.path === `/cars/${c.slug}` && c.objectID === String(c.id))).toBe(true);
  });

  it("covers every status, car type, fuel and item type", () => {
    expect([...count(sample, (c) => c.status).keys()].sort()).toEqual(["coming_soon", "in_stock", "sold", "unavailable"]);
    expect([...count(sample, (c) => c.car_type).keys()].sort()).toEqual(["demo", "new", "used"]);
    expect([...count(sample, (c) => c.simple_fuel).keys()].sort()).toEqual(["Diesel", "Electric", "Hybrid", "LPG", "PHEV", "Petrol"]);
    expect([...count(sample, (c) => c.item_type).keys()].sort()).toEqual(["car", "caravan", "motorcycle", "truck"]);
    expect([...count(sample, (c) => c.simple_transmission).keys()].sort()).toEqual(["Automatic", "Manual"]);
    for (const drive of ["FWD", "RWD", "AWD", "4WD", "Chain", "Belt", "Shaft"]) expect(sample.some((c) => c.drive === drive)).toBe(true);
    // Every body the image route can draw is pictured on some car, so each one is seen on a page.
    const drawn = new Set(
      sample.flatMap((c) => c.images.map((i) => parseVehicleImagePath(new URL(i.image.url, "http://x").pathname.split("/").filter(Boolean))?.body)),
    );
    for (const body of IMAGE_BODIES) expect(drawn.has(body), body).toBe(true);
  });

  it("gives each dealership its kind of stock", () => {
    const of = (id: number) => all.filter((c) => c.dealership_id === id);
    expect(of(302).every((c) => c.item_type === "motorcycle")).toBe(true);
    expect(of(303).every((c) => c.item_type === "truck" && ["Isuzu", "Hino", "Fuso"].includes(c.make))).toBe(true);
    expect(of(401).every((c) => c.item_type === "caravan")).toBe(true);
    expect(
      of(101)
        .filter((c) => c.car_type !== "used")
        .every((c) => c.make === "Chery"),
    ).toBe(true);
    expect(
      new Set(
        of(101)
          .filter((c) => c.car_type === "used")
          .map((c) => c.make),
      ).size,
    ).toBeGreaterThan(8);
    expect(new Set(of(101).map((c) => c.model))).toContain("Omoda E5");
    expect(
      new Set(
        of(203)
          .filter((c) => c.car_type === "new")
          .map((c) => c.make),
      ),
    ).toEqual(new Set(["Hyundai", "Kia"]));
    expect(new Set(of(203).map((c) => c.location_id))).toEqual(new Set([2031, 2032]));
    for (const c of of(401)) {
      expect(c.body_length).toBeGreaterThan(10);
      expect(c.body_width).toBeGreaterThan(6);
      expect(c.tare_weight).toBeLessThan(c.aggregate_trailer_mass!);
      expect(c.sleeps).toBeGreaterThan(0);
      expect(["Single", "Tandem"]).toContain(c.axle_type);
      expect(c.km).toBeUndefined();
    }
    const makes = new Set(of(302).map((c) => c.make));
    for (const m of ["Honda", "Yamaha", "Kawasaki", "Harley-Davidson", "Ducati", "BMW"]) expect(makes).toContain(m);
  });

  it("puts kilometres against age", () => {
    for (const c of sample) {
      if (c.km === undefined) continue;
      if (c.car_type === "new") expect(c.km).toBeLessThan(50);
      if (c.car_type === "demo") expect(c.km).toBeLessThan(8000);
    }
    const used = sample.filter((c) => c.car_type === "used" && c.item_type === "car");
    const avgPerYear = used.reduce((a, c) => a + c.km! / Math.max(1, 2026 - c.year), 0) / used.length;
    expect(avgPerYear).toBeGreaterThan(10_000);
    expect(avgPerYear).toBeLessThan(22_000);
  });

  it("has sold dates inside and outside the include-sold window", () => {
    const cutoff = NOW / 1000 - INCLUDE_SOLD_WINDOW_DAYS * 86_400;
    const sold = sample.filter((c) => c.status === "sold");
    expect(sold.every((c) => c.sold === true && typeof c.sold_date_timestamp === "number" && c.sold_date_timestamp < NOW / 1000)).toBe(true);
    expect(sold.filter((c) => c.sold_date_timestamp! > cutoff).length).toBeGreaterThan(20);
    expect(sold.filter((c) => c.sold_date_timestamp! <= cutoff).length).toBeGreaterThan(20);
    expect(sample.filter((c) => c.status !== "sold").every((c) => c.sold_date_timestamp === undefined)).toBe(true);
    expect(all.every((c) => c.created_at_timestamp * 1000 <= NOW && Date.parse(c.created_at) === c.created_at_timestamp * 1000)).toBe(true);
  });

  it("has tags, reserved and certified cars, media and market data", () => {
    expect(sample.some((c) => c.tag === "Test Drive Only")).toBe(true);
    expect(sample.some((c) => c.tag === "runout sale")).toBe(true);
    expect(sample.some((c) => c.reserved)).toBe(true);
    expect(sample.some((c) => c.certified)).toBe(true);
    const photos = sample.map((c) => c.photos_count);
    expect(Math.min(...photos)).toBe(0);
    expect(Math.max(...photos)).toBe(30);
    expect(sample.every((c) => c.images.length === c.photos_count && (c.thumbnails?.length ?? 0) === c.photos_count)).toBe(true);
    expect(sample.some((c) => c.photos_count > 0 && c.photos_count < 3)).toBe(true);
    expect(sample.some((c) => c.video_url?.startsWith("https://www.youtube.com/embed/"))).toBe(true);
    expect(sample.some((c) => c.video_url?.endsWith(".mp4"))).toBe(true);
    const spun = sample.filter((c) => c.spin_images);
    expect(spun.length).toBeGreaterThan(20);
    expect(spun.every((c) => c.spin_images!.length === 36 && (c.hotspots?.exterior?.length ?? 0) >= 2)).toBe(true);
    expect(spun.some((c) => (c.hotspots?.interior?.length ?? 0) > 0)).toBe(true);
    const used = sample.filter((c) => c.car_type === "used" && c.item_type === "car");
    expect(used.filter((c) => c.autograb_data).length / used.length).toBeGreaterThan(0.7);
    expect(sample.filter((c) => c.youxQuote).length).toBeGreaterThan(300);
    expect(sample.some((c) => c.dealercomments === "")).toBe(true);
    expect(sample.some((c) => (c.dealercomments ?? "").length > 400)).toBe(true);
    expect(sample.some((c) => c.show_on_dealer_website === false)).toBe(true);
    expect(sample.some((c) => c.price === 0 && c.price_type === "POA")).toBe(true);
  });

  it("writes image URLs the image route can parse", () => {
    const urls = new Set<string>();
    for (const c of all) {
      for (const i of c.images) {
        urls.add(i.image.url);
        urls.add(i.image.thumb!.url);
      }
      for (const u of c.spin_images ?? []) urls.add(u);
      if (c.spin_interior_image) urls.add(c.spin_interior_image);
    }
    for (const u of urls) {
      const url = new URL(u, "http://x");
      const segs = url.pathname.split("/").filter(Boolean);
      expect(segs.slice(0, 3)).toEqual(["api", "images", "vehicle"]);
      expect(parseVehicleImagePath(segs.slice(3), url.searchParams), u).not.toBeNull();
    }
  });

  it("scales with count", () => {
    const s = generateStock({ count: 12_000, now: NOW, seed: "scale" });
    expect(allRecords(s).length).toBe(12_000);
  });
});

describe("helpers", () => {
  it("allocates exactly the total", () => {
    expect(allocate(10, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(10);
    expect(allocate(3, [0.9, 0.05, 0.05])).toEqual([1, 1, 1]);
  });
  it("makes VINs with a valid charset and check digit", () => {
    const rng = createRng(1);
    for (let i = 0; i < 50; i++) {
      const vin = makeVin(rng, "JTM", 2021);
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vin[9]).toBe("M");
    }
  });
});
