import { describe, expect, it } from "vitest";
import type { Car } from "@/runtime/generated/types";
import type { Converted } from "./convert";
import { planPublish } from "./publish";

const now = new Date("2024-06-01T00:00:00Z");
const day = 86_400;
const car = (stocknum: string, over: Partial<Car> = {}): Car =>
  ({ stocknum, id: 1, status: "in_stock", dealership_id: 101, slug: stocknum.toLowerCase(), reserved: true, ...over }) as Car;
const converted = (cars: Car[], rows = cars.length, rejected = rows - cars.length): Converted => ({
  cars,
  issues: [],
  rows,
  rejected,
  hidden: 0,
  unusedColumns: [],
});
const plan = (c: Converted, current: Car[], importedBefore = true) =>
  planPublish({ converted: c, current, dealershipId: 101, rejectLimitPercent: 50, keepSoldDays: 30, importedBefore, now });

describe("planPublish", () => {
  it("keeps the last good stock for an empty file, nothing accepted, or too many rejections", () => {
    expect(plan(converted([], 0), [car("A")])).toEqual({ publish: false, reason: "the file has no rows of stock" });
    expect(plan(converted([], 4), [car("A")])).toEqual({ publish: false, reason: "none of its 4 rows could be imported" });
    expect(plan(converted([car("A")], 3), [])).toEqual({ publish: false, reason: "2 of its 3 rows (67%) were rejected, more than the 50% limit" });
    expect(plan(converted([car("A"), car("B")], 4), []).publish).toBe(true);
  });

  it("marks cars that left the feed sold today, drops sold ones past the days kept, keeps other dealerships' cars", () => {
    const old = car("OLD", { status: "sold", sold: true, sold_date_timestamp: now.getTime() / 1000 - 31 * day });
    const recent = car("RECENT", { status: "sold", sold: true, sold_date_timestamp: now.getTime() / 1000 - 2 * day });
    const other = car("X1", { dealership_id: 999 });
    const p = plan(converted([car("A")]), [car("A"), car("GONE"), old, recent, other]);
    if (!p.publish) throw new Error("expected a publish");
    expect(p.markedSold.map((c) => [c.stocknum, c.status, c.sold, c.sold_date_timestamp, c.reserved])).toEqual([
      ["GONE", "sold", true, now.getTime() / 1000, undefined],
    ]);
    expect(p.removed).toBe(1);
    expect(p.cars.map((c) => c.stocknum).sort()).toEqual(["A", "GONE", "RECENT", "X1"]);
  });

  it("replaces the dealership's earlier stock on the first import from a feed instead of marking it sold", () => {
    const p = plan(converted([car("A")]), [car("DEMO1"), car("DEMO2"), car("X1", { dealership_id: 999 })], false);
    expect(p).toMatchObject({ publish: true, markedSold: [], replacedFirstTime: 2 });
    if (p.publish) expect(p.cars.map((c) => c.stocknum)).toEqual(["X1", "A"]);
  });
});
