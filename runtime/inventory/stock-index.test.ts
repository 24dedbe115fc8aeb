import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import { readFileSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { buildEngineInBackground, createEngine, EngineBuilder, STOCK_BUILD_OPTIONS } from "@/runtime/search/engine";
import { FileRecords } from "@/runtime/search/file-records";
import { normalizeSearchParams } from "@/runtime/search/request";
import { testStockDir, writeStockFile } from "@/tests/helpers/stock-dir";
import { replaceStockFile } from "@/runtime/stock/write";
import { makeCars } from "@/runtime/search/fixtures/cars";
import { readStockRecords, refreshStockIndex, STOCK_INDEXED_KEYS, stockEngine, type StockReadOptions } from "./stock-index";
import { servedContentVersion, servedStockVersion, stockVersion } from "./stock-version";

const stock = testStockDir("stock-index");

/** Every car the reader hands over, gathered (the server indexes each batch instead). */
async function readAll(files: string[], options: Omit<StockReadOptions, "onBatch"> = {}) {
  const records: Record<string, unknown>[] = [];
  const read = await readStockRecords(files, { ...options, onBatch: (cars) => void records.push(...cars) });
  return { ...read, records };
}

function writeStock(name: string, count: number, seed: number, mtime: number) {
  writeStockFile(stock.dir(), name, makeCars(count, seed));
  const file = path.join(stock.dir(), `${name}.json`);
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

describe("building while reading", () => {
  it("indexes each batch as it arrives, holding no car: the batches reach the build before the last file is read", async () => {
    writeStock("e", 400, 9, 5000);
    const add = vi.spyOn(EngineBuilder.prototype, "add");
    const finish = vi.spyOn(EngineBuilder.prototype, "finish");
    await refreshStockIndex();
    // Several batches (the 400 cars alone are more than one batch's bytes), each added before the build finishes.
    expect(add.mock.calls.length).toBeGreaterThan(1);
    expect(Math.max(...add.mock.invocationCallOrder)).toBeLessThan(finish.mock.invocationCallOrder[0]);
    expect(add.mock.calls.reduce((n, [cars]) => n + cars.length, 0)).toBe(stockEngine().size);
    // Only the indexed keys are held while building; the whole car is read from the records' file.
    for (const [cars] of add.mock.calls) for (const car of cars) for (const k of Object.keys(car)) expect(STOCK_INDEXED_KEYS).toContain(k);
    add.mockRestore();
    finish.mockRestore();
  });

  it("keeps serving the previous index when a file fails to read midway, after earlier batches were built", async () => {
    await refreshStockIndex();
    const served = stockEngine();
    const size = served.size;
    const broken = path.join(stock.dir(), "zz-broken.json");
    // Valid cars first (read and built), then the file ends mid-array.
    writeFileSync(broken, JSON.stringify(makeCars(30, 10)).slice(0, -200));
    utimesSync(broken, 6000, 6000);
    const add = vi.spyOn(EngineBuilder.prototype, "add");
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await refreshStockIndex();
    expect(add).toHaveBeenCalled();
    expect(error.mock.calls.flat().join(" ")).toMatch(/indexing failed; still serving the previous index/);
    expect(stockEngine()).toBe(served);
    expect(served.size).toBe(size);
    expect(served.search("Car_production", normalizeSearchParams({ hitsPerPage: 1 })).hits).toHaveLength(1);
    add.mockRestore();
    error.mockRestore();
    unlinkSync(broken);
    await refreshStockIndex();
    expect(stockEngine().size).toBe(size);
  });
});

describe("reading the stock files off the event loop", () => {
  it("gives every car of every file in order, one batch per turn of the loop with no budget for more", async () => {
    const a = path.join(stock.dir(), "read-a.json.txt");
    const b = path.join(stock.dir(), "read-b.json.txt");
    const notCars = path.join(stock.dir(), "read-c.json.txt");
    writeFileSync(a, JSON.stringify(makeCars(40, 7)));
    writeFileSync(b, JSON.stringify(makeCars(25, 8)));
    writeFileSync(notCars, JSON.stringify({ cars: [] }));
    const expected = [...(JSON.parse(readFileSync(a, "utf8")) as unknown[]), ...(JSON.parse(readFileSync(b, "utf8")) as unknown[])];
    // Batches of about one car: the loop turns between them (counted in turns, not time).
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const { records, imageOrigins } = await readAll([a, notCars, b], { batchBytes: 1, turnBudgetMs: 0 });
    spinning = false;
    expect(records).toEqual(expected);
    expect(imageOrigins).toEqual(["https://img.example"]);
    expect(turns).toBeGreaterThanOrEqual(expected.length);
  });

  it("sends its batches ahead without being asked, and the last of them is still indexed after the reader has ended", async () => {
    const file = path.join(stock.dir(), "ahead.json.txt");
    writeFileSync(file, JSON.stringify(makeCars(12, 9)));
    // Its end, seen by a listener added with the reader's own (before it can have ended).
    let ended: Promise<unknown> | undefined;
    const on = vi.spyOn(Worker.prototype, "on").mockImplementation(function (this: Worker, ...args: Parameters<Worker["on"]>) {
      if (!ended) {
        let resolve: (value: unknown) => void = () => undefined;
        ended = new Promise((r) => (resolve = r));
        // EventEmitter's own `on` (`once` would call this spy again).
        EventEmitter.prototype.on.call(this, "exit", resolve);
      }
      return EventEmitter.prototype.on.apply(this, args) as Worker;
    });
    const seen: Record<string, unknown>[] = [];
    let held = false;
    // One car a batch: twelve batches, fewer than the reader may send unasked, so it sends them all
    // and ends while the first is still being indexed here.
    let read: Awaited<ReturnType<typeof readStockRecords>>;
    try {
      read = await readStockRecords([file], {
        batchBytes: 1,
        onBatch: async (cars) => {
          if (!held) {
            held = true;
            await ended;
          }
          seen.push(...cars);
        },
      });
    } finally {
      on.mockRestore();
    }
    expect(read.count).toBe(12);
    expect(seen).toEqual(JSON.parse(readFileSync(file, "utf8")));
  });

  it("lists the hosts the cars' https URLs name (their photos'), or none past 64", async () => {
    const file = path.join(stock.dir(), "read-e.json.txt");
    const car = (host: string) => ({
      id: host,
      images: [{ image: { url: `https://${host}/a.jpg`, thumb: { url: `https://${host}/t.jpg` } } }],
      primary_image_url: "/api/x.jpg",
    });
    const odd = {
      id: "odd",
      // Not values that start with https://: a URL quoted inside text, a key, a value that starts otherwise.
      text: 'see "https://quoted.example/x" here',
      links: { "https://key.example/": "no", other: "ftp://https.example" },
      // Values that do, escaped in JSON and nested in arrays.
      deep: [[{ u: 'https://esc.example/a"b\\c' }], "https://nested.example:9/x"],
    };
    writeFileSync(file, JSON.stringify([car("cdn.dealer.example"), odd, car("photos.feed.example:8443"), car("cdn.dealer.example")]));
    expect((await readAll([file])).imageOrigins).toEqual([
      "https://cdn.dealer.example",
      "https://esc.example",
      "https://nested.example:9",
      "https://photos.feed.example:8443",
    ]);
    writeFileSync(file, JSON.stringify(Array.from({ length: 65 }, (_, i) => car(`h${i}.example`))));
    expect((await readAll([file])).imageOrigins).toBeNull();
  });

  it("gives each car's place in its stock file, where the engine reads it from: no copy is written", async () => {
    const a = path.join(stock.dir(), "place-a.json.txt");
    const b = path.join(stock.dir(), "place-b.json.txt");
    // Multi-byte text: the places are bytes, not characters.
    writeFileSync(a, JSON.stringify(makeCars(40, 5).map((c, i) => ({ ...c, name: `${String(c.name)} ${"é車".repeat(i)}` }))));
    writeFileSync(b, JSON.stringify(makeCars(25, 6)));
    const whole = (await readAll([a, b], { batchBytes: 2048 })).records;
    const spool = vi.spyOn(FileRecords, "spool");
    const { records, file } = await readAll([a, b], { batchBytes: 2048, records: true, keys: STOCK_INDEXED_KEYS });
    expect(file!.length).toBe(65);
    // The files hold each whole car; the build is sent only the keys the index reads.
    for (const i of [0, 1, 39, 40, 64]) expect(file!.get(i)).toEqual(whole[i]);
    expect(Object.keys(records[0]).every((k) => STOCK_INDEXED_KEYS.includes(k))).toBe(true);
    expect(Object.keys(records[0]).length).toBeLessThan(Object.keys(whole[0]).length);
    const engine = await buildEngineInBackground(records, { ...STOCK_BUILD_OPTIONS, recordsFile: file });
    expect(spool).not.toHaveBeenCalled();
    spool.mockRestore();
    // It answers as an engine built from the whole cars does.
    const reference = createEngine(whole, { settings: STOCK_BUILD_OPTIONS.settings, replicas: STOCK_BUILD_OPTIONS.replicas });
    const queries = [
      ["Car_production", { query: "", hitsPerPage: 5, facets: ["*"] }],
      ["Car_production", { query: "toyota", hitsPerPage: 5, facets: ["make", "model"] }],
      ["Car_production:price:desc", { query: "", hitsPerPage: 5, numericFilters: ["year>=2015"] }],
    ] as const;
    const answers = (e: typeof engine) => queries.map(([index, raw]) => ({ ...e.search(index, normalizeSearchParams(raw)), processingTimeMS: 0 }));
    expect(answers(engine)).toEqual(answers(reference));

    // A file replaced as the writers replace them (a new file renamed over it) is still read as indexed.
    replaceStockFile(b, JSON.stringify(makeCars(3, 7)));
    for (const i of [40, 64]) expect(file!.get(i)).toEqual(whole[i]);
    expect(answers(engine)).toEqual(answers(reference));
    engine.close();
    expect(() => file!.get(0)).toThrow(/closed/);
    // Without `records` no file is kept open for the cars.
    expect((await readAll([b])).file).toBeUndefined();
  });

  it("leaves out, and says so, the cars of a stock file rewritten in place after it was indexed, until the next build", async () => {
    const a = path.join(stock.dir(), "inplace-a.json.txt");
    const b = path.join(stock.dir(), "inplace-b.json.txt");
    const carsA = makeCars(20, 8);
    writeFileSync(a, JSON.stringify(carsA));
    writeFileSync(b, JSON.stringify(makeCars(20, 9)));
    const { records, file } = await readAll([a, b], { records: true, keys: STOCK_INDEXED_KEYS });
    const engine = await buildEngineInBackground(records, { ...STOCK_BUILD_OPTIONS, recordsFile: file });
    const page = () => engine.search("Car_production", normalizeSearchParams({ query: "", hitsPerPage: 40 }));
    expect(page().hits).toHaveLength(40);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // Rewritten in place, every car where it was (the same bytes but the first letter of each
      // make): each would still parse, but is no longer what the index was built from.
      const text = readFileSync(b, "utf8");
      writeFileSync(
        b,
        text.replace(/"make":"([A-W])/g, (_, first: string) => `"make":"${first === "A" ? "B" : "A"}`),
      );
      expect(readFileSync(b).length).toBe(Buffer.byteLength(text));
      // None of its records is shown from the wrong bytes.
      for (let i = 20; i < 40; i++) expect(file!.get(i)).toBeNull();
      // The other file's cars are read as ever, and a search shows them alone (none empty).
      expect(file!.get(3)).toEqual(carsA[3]);
      const after = page();
      expect(after.hits.map((h) => h.objectID).sort()).toEqual(carsA.map((c) => String(c.objectID)).sort());
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0][0])).toMatch(/inplace-b\.json\.txt was rewritten in place.*rename it over the old one/);
    } finally {
      errors.mockRestore();
      engine.close();
    }
  });

  it("fails, naming no car, when a file is not JSON (the index keeps serving the previous snapshot)", async () => {
    const broken = path.join(stock.dir(), "read-broken.json.txt");
    writeFileSync(broken, "[{");
    await expect(readAll([broken])).rejects.toThrow();
  });
});

describe("the served stock by content", () => {
  it("names each file by the SHA-256 of its bytes (the shared stock's snapshot hash), hashed as the index is built", async () => {
    writeStock("d", 5, 4, 4000);
    await refreshStockIndex();
    const text = readFileSync(path.join(stock.dir(), "d.json"));
    const expected = `d.json:${createHash("sha256").update(text).digest("hex")}`;
    expect(servedContentVersion()?.split("|")).toContain(expected);
  });
});
