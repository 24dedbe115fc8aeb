import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { carBySlug, dealerCarIds } from "./cars";
import { stockCar } from "@/tests/helpers/stock-dir";

const now = Math.floor(Date.now() / 1000);
const car = (id: number, dealershipId: number, extra: Record<string, unknown> = {}) => stockCar(id, dealershipId, { created_at_timestamp: now, ...extra });
const manifest = { slug: "a", dealerships: [{ id: 1, slug: "a", name: "A" }], search: {} } as any;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "stock-"));
  writeFileSync(
    path.join(dir, "a.json"),
    JSON.stringify([
      car(1, 1),
      car(2, 1, { show_on_dealer_website: false }),
      car(3, 1, { status: "sold", sold_date_timestamp: now - 40 * 86400 }),
      car(5, 1, { status: "sold", sold_date_timestamp: now - 10 * 86400 }),
    ]),
  );
  writeFileSync(path.join(dir, "b.json"), JSON.stringify([car(4, 2)]));
  process.env.STOCK_DIR = dir;
});
afterAll(() => {
  delete process.env.STOCK_DIR;
  rmSync(dir, { recursive: true, force: true });
});

describe("server-side car lookups go through the dealer's base filter", () => {
  it("finds the dealer's own visible car by slug", async () => {
    expect((await carBySlug(manifest, "car-1"))?.id).toBe(1);
  });
  it("does not find another dealer's car, a hidden car or a long-sold car", async () => {
    expect(await carBySlug(manifest, "car-4")).toBeNull();
    expect(await carBySlug(manifest, "car-2")).toBeNull();
    expect(await carBySlug(manifest, "car-3")).toBeNull();
  });
  it("finds a car sold days ago, after the search has stopped listing it, for the dealer's sold car page days", async () => {
    expect((await carBySlug(manifest, "car-5"))?.id).toBe(5);
    expect(await dealerCarIds(manifest, [5])).toEqual(new Set());
    const shortly = { ...manifest, search: { soldCarPageDays: 7 } };
    expect(await carBySlug(shortly, "car-5")).toBeNull();
    // Never fewer days than the search lists it.
    const listedLonger = { ...manifest, search: { soldCarPageDays: 0, includeSoldCarsDays: 14 } };
    expect((await carBySlug(listedLonger, "car-5"))?.id).toBe(5);
  });
});

describe("the sold-car windows are reckoned on the pages' clock", () => {
  it("with the test clock 25 days on, a car sold 10 days ago has been sold 35 days: no page, as its page would say", async () => {
    process.env.TEST_NOW_ISO = new Date((now + 25 * 86400) * 1000).toISOString();
    try {
      expect(await carBySlug(manifest, "car-5")).toBeNull();
      expect((await carBySlug(manifest, "car-1"))?.id).toBe(1);
    } finally {
      delete process.env.TEST_NOW_ISO;
    }
    expect((await carBySlug(manifest, "car-5"))?.id).toBe(5);
  });
});

describe("dealerCarIds: which ids are the dealer's cars", () => {
  it("keeps the dealer's own visible cars and leaves out another dealer's, hidden, long-sold and unknown ids", async () => {
    expect(await dealerCarIds(manifest, [1, 4, 2, 3, 999, 1])).toEqual(new Set([1]));
  });
  it("asks nothing for no ids", async () => {
    expect(await dealerCarIds(manifest, [])).toEqual(new Set());
  });
  it("answers for a full list of 100 ids in one search", async () => {
    const ids = Array.from({ length: 100 }, (_, i) => 1000 + i);
    expect(await dealerCarIds(manifest, [...ids, 1])).toEqual(new Set([1]));
  });
});
