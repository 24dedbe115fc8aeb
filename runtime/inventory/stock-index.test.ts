import { utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testStockDir } from "@/tests/helpers/stock-dir";
import { makeCars } from "@/runtime/search/fixtures/cars";
import { refreshStockIndex, stockEngine } from "./stock-index";
import { servedStockVersion, stockVersion } from "./stock-version";

const stock = testStockDir("stock-index");

function writeStock(name: string, count: number, seed: number, mtime: number) {
  const file = path.join(stock.dir(), `${name}.json`);
  writeFileSync(file, JSON.stringify(makeCars(count, seed)));
  utimesSync(file, mtime, mtime);
}

describe("the shared stock index", () => {
  it("indexes a new snapshot in the background: searches keep the current index until the new one is swapped in", async () => {
    writeStock("a", 50, 1, 1000);
    const first = stockEngine();
    expect(first.size).toBe(50);
    const servedBefore = servedStockVersion();

    writeStock("b", 30, 2, 2000);
    const building = refreshStockIndex();
    // The build has started but not finished: the request path still gets the old index and its version.
    expect(stockEngine()).toBe(first);
    expect(servedStockVersion()).toBe(servedBefore);
    expect(stockVersion(Date.now(), { force: true })).not.toBe(servedBefore);

    await building;
    expect(stockEngine().size).toBe(80);
    expect(servedStockVersion()).toBe(stockVersion());
    expect(servedStockVersion()).not.toBe(servedBefore);
  });

  it("does nothing when the files have not changed, and shares one build between callers", async () => {
    await refreshStockIndex();
    const engine = stockEngine();
    await refreshStockIndex();
    expect(stockEngine()).toBe(engine);
    writeStock("c", 10, 3, 3000);
    const [x, y] = [refreshStockIndex(), refreshStockIndex()];
    expect(x).toBe(y);
    await x;
    expect(stockEngine().size).toBe(90);
  });
});
