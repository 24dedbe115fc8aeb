import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { replaceStockFile } from "@/runtime/stock/write";

/**
 * A stock folder of the test file's own, as STOCK_DIR: made before its tests (`fill` writes the
 * files, e.g. `writeStockFile`), removed after them, and STOCK_DIR put back as it was. Call it at a
 * test file's top level; `dir()` is the folder's path once made.
 */
export function testStockDir(prefix: string, fill: (dir: string) => void = () => {}): { dir: () => string } {
  let dir = "";
  const before = process.env.STOCK_DIR;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    fill(dir);
    process.env.STOCK_DIR = dir;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.STOCK_DIR;
    else process.env.STOCK_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir };
}

/**
 * One dealer's stock file (`name`.json) of records, replacing any before it by a rename, as every
 * writer of stock files does (a served index reads its cars from the files it was built from).
 */
export function writeStockFile(dir: string, name: string, records: readonly unknown[]): void {
  replaceStockFile(path.join(dir, `${name}.json`), JSON.stringify(records));
}

/**
 * A car record of dealership `dealershipId` that the dealer's base filter shows (in stock, on the
 * dealer's website, with photos), with the fields the lookups read; `extra` sets or overrides any.
 */
export function stockCar(id: number, dealershipId: number, extra: Record<string, unknown> = {}) {
  return {
    objectID: String(id),
    id,
    slug: `car-${id}`,
    make: "Toyota",
    model: "RAV4",
    year: 2022,
    car_type: "used",
    status: "in_stock",
    show_on_dealer_website: true,
    photos_count: 10,
    dealership_id: dealershipId,
    stocknum: `S${id}`,
    custom_rank: id,
    created_at_timestamp: Math.floor(Date.now() / 1000),
    price: 30000,
    ...extra,
  };
}
