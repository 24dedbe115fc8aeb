import { describe, expect, it, vi } from "vitest";
import { suiteDb } from "@/runtime/db/testing";
import type { Tenant } from "@/runtime/tenant";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { pdfFileName, pdfRoute, phoneRevealRoute, viewRoute } from "./routes";

const manifest = {
  slug: "test-dealer",
  name: "Test Motors",
  contact: { phones: { sales: "07 3000 0000" } },
  plugins: ["Autogauge"],
  features: { autogauge: true },
} as never;
const tenant: Tenant = { kind: "site", slug: "test-dealer", manifest };
const car = testCar({
  views: 100,
  location: testLocation({ name: "Springwood", website: { id: 10, name: "T", url: "https://t.example" } }),
});
const findCar = async (_m: unknown, slug: string) => (slug === car.slug ? car : null);

const db = suiteDb();

describe("vehicle sidebar routes", () => {
  it("counts views in the database on top of the feed's count", async () => {
    const deps = { findCar, db: async () => db };
    expect(await (await viewRoute(tenant, car.slug, deps)).json()).toMatchObject({ views: 101 });
    expect(await (await viewRoute(tenant, car.slug, deps)).json()).toMatchObject({ views: 102 });
  });
  it("reads its query (photos_count, updated_at, website_id) and answers the car's live fields", async () => {
    const deps = { findCar, db: async () => db };
    const q = (s: string) => new URLSearchParams(s);
    const body = await (await viewRoute(tenant, car.slug, deps, q(`photos_count=${car.photos_count}&updated_at=2026-11-01T00:00:00Z&website_id=10`))).json();
    expect(body.car_fields).toMatchObject({ price: car.price, status: car.status, photos_count: car.photos_count });
    expect(body.stale).toBe(false);
    expect((await (await viewRoute(tenant, car.slug, deps, q(`photos_count=${(car.photos_count ?? 0) + 1}`))).json()).stale).toBe(true);
    expect((await viewRoute(tenant, car.slug, deps, q("website_id=99"))).status).toBe(404);
    expect((await viewRoute(tenant, car.slug, deps, q("photos_count=lots"))).status).toBe(400);
    expect((await viewRoute(tenant, car.slug, deps, q("updated_at=yesterday"))).status).toBe(400);
  });
  it("still answers the feed's count when the database fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await viewRoute(tenant, car.slug, { findCar, db: async () => Promise.reject(new Error("down")) });
    expect(await res.json()).toMatchObject({ views: 100 });
    warn.mockRestore();
  });
  it("is 404 for another dealer's car and for a host that is not a site", async () => {
    expect((await viewRoute(tenant, "someone-elses-car", { findCar, db: async () => db })).status).toBe(404);
    expect((await phoneRevealRoute({ kind: "unknown", host: "x" }, car.slug, { findCar })).status).toBe(404);
  });
  it("records a phone reveal with car_id, dealership_id and website_id", async () => {
    const res = await phoneRevealRoute(tenant, car.slug, { findCar, db: async () => db });
    expect(res.status).toBe(201);
    expect(await db.query("SELECT dealer_slug, car_id, dealership_id, website_id FROM phone_reveals")).toEqual([
      { dealer_slug: "test-dealer", car_id: "1", dealership_id: 101, website_id: "10" },
    ]);
  });
  it("answers the PDF as an attachment named {slug}.pdf", async () => {
    const res = await pdfRoute(tenant, car.slug, { findCar, pdfImage: async () => null }, { origin: "https://test.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${car.slug}.pdf"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(Number(res.headers.get("content-length"))).toBe(body.byteLength);
  });
  it("is 404 for another dealer's car and 500 with a message when the PDF fails", async () => {
    const other = await pdfRoute(tenant, "someone-elses-car", { findCar, pdfImage: async () => null });
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toMatch(/json/);
    expect((await pdfRoute({ kind: "unknown", host: "x" }, car.slug, { findCar })).status).toBe(404);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = await pdfRoute(tenant, car.slug, { findCar, pdfImage: async () => null, buildPdf: async () => Promise.reject(new Error("boom")) });
    expect(failed.status).toBe(500);
    expect((await failed.json()).message).toMatch(/PDF could not be prepared/);
    error.mockRestore();
  });
  it("names the file after the slug's safe characters", () => {
    expect(pdfFileName("2021-toyota-rav4")).toBe("2021-toyota-rav4.pdf");
    expect(pdfFileName('a"b;c\\d')).toBe("a-b-c-d.pdf");
  });
});

describe("vehicle sidebar routes: once per visitor", () => {
  it("counts a view and a phone reveal once per visitor, car and day", async () => {
    const deps = { db: async () => db, findCar };
    const views = async (visitor: string) => ((await (await viewRoute(tenant, car.slug, deps, undefined, visitor)).json()) as { views: number }).views;
    const first = await views("visitor-1");
    expect(await views("visitor-1")).toBe(first);
    expect(await views("visitor-2")).toBe(first + 1);
    const reveals = async () =>
      Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM phone_reveals WHERE car_id = $1`, [String(car.id)]))[0].n);
    const before = await reveals();
    expect((await phoneRevealRoute(tenant, car.slug, deps, "visitor-1")).status).toBe(201);
    expect((await phoneRevealRoute(tenant, car.slug, deps, "visitor-1")).status).toBe(201);
    expect(await reveals()).toBe(before + 1);
    expect((await phoneRevealRoute(tenant, car.slug, deps, "visitor-2")).status).toBe(201);
    expect(await reveals()).toBe(before + 2);
  });
});
