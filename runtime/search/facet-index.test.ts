import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Bitset } from "./bitset";
import { FacetColumn, FacetColumnBuilder, NumericColumn, NumericColumnBuilder } from "./facet-index";
import { books } from "./fixtures/books";

const ids = (b: Bitset) => [...b.toArray()].map((d) => books[d].objectID);

describe("FacetColumn", () => {
  it("indexes strings, arrays, numbers-as-strings and booleans; filters case-insensitively", () => {
    const cat = new FacetColumn(books, "category");
    expect(ids(cat.bitsFor("book"))).toEqual(["1", "3"]);
    expect(ids(cat.bitsFor("HORROR"))).toEqual(["3"]);
    expect(ids(cat.bitsFor("nope"))).toEqual([]);
    const year = new FacetColumn(books, "year");
    expect(ids(year.bitsFor("2015"))).toEqual(["4", "5"]);
    expect(ids(year.bitsFor("2015.0"))).toEqual(["5"]); // only the number equals 2015.0
    expect(year.values).toEqual(["2015", "2015"]);
    const ship = new FacetColumn(books, "free_shipping");
    expect(ids(ship.bitsFor("TRUE"))).toEqual(["1", "3"]);
    const nested = new FacetColumn(books, "editions.format");
    expect(ids(nested.bitsFor("paperback"))).toEqual(["6"]);
  });
  it("counts over hits, with the complement trick giving the same numbers", () => {
    const cat = new FacetColumn(books, "category");
    const byValue = (c: Uint32Array) => Object.fromEntries(cat.values.map((v, o) => [v, c[o]]));
    expect(byValue(cat.count(null, books.length))).toEqual({ Book: 2, Ebook: 1, Horror: 1, "Books and Comics": 1, Magazine: 1, AND: 1 });
    const few = Bitset.fromDocs(books.length, [0, 2]);
    expect(byValue(cat.count(few, 2))).toMatchObject({ Book: 2, Horror: 1, Ebook: 0 });
    const many = Bitset.fromDocs(books.length, [0, 1, 2, 3, 4]);
    expect(byValue(cat.count(many, 5))).toEqual({ Book: 2, Ebook: 1, Horror: 1, "Books and Comics": 1, Magazine: 1, AND: 0 });
  });
});

describe("FacetColumn's filter lookup", () => {
  it("is made on the first filter, not while building, and then finds numbers and strings as before", () => {
    const records = [{ v: "Toyota" }, { v: 2015 }, { v: "2015" }, { v: true }, { v: ["toyota", 7] }];
    const col = new FacetColumn(records, "v");
    // Nothing per value until a filter asks (the stock's id, stocknum and slug have 100,000 each).
    expect((col as unknown as { lookup: unknown }).lookup).toBeNull();
    const docs = (value: string) => [...col.bitsFor(value).toArray()];
    expect(docs("TOYOTA")).toEqual([0, 4]);
    expect(docs("2015")).toEqual([1, 2]);
    expect(docs("2015.0")).toEqual([1]);
    expect(docs("true")).toEqual([3]);
    expect(docs("7")).toEqual([4]);
    expect((col as unknown as { lookup: unknown }).lookup).not.toBeNull();
    // A stored column carries its lookup and filters alike.
    const restored = FacetColumn.restore(new FacetColumn(records, "v").parts());
    expect([...restored.bitsFor("toyota").toArray()]).toEqual([0, 4]);
  });
});

describe("NumericColumn", () => {
  const price = new NumericColumn(books, "price");
  it("comparisons and ranges", () => {
    expect(ids(price.compareBits("<", 10))).toEqual(["2"]);
    expect(ids(price.compareBits("<=", 10))).toEqual(["2", "4"]);
    expect(ids(price.compareBits(">", 20))).toEqual(["3", "6"]);
    expect(ids(price.compareBits(">=", 20))).toEqual(["3", "5", "6"]);
    expect(ids(price.compareBits("=", 15))).toEqual(["1"]);
    expect(ids(price.compareBits("!=", 15))).toEqual(["2", "3", "4", "5", "6"]);
    expect(ids(price.rangeBits(10, 20))).toEqual(["1", "4", "5"]);
    expect(ids(price.rangeBits(20, 10))).toEqual([]);
  });
  it("stats over all and over hits, multi-valued columns", () => {
    expect(price.stats(null, 6)).toEqual({ min: 8.99, max: 100, sum: 178.99, avg: 178.99 / 6 });
    expect(price.stats(Bitset.fromDocs(6, [0, 3]), 2)).toEqual({ min: 10, max: 15, sum: 25, avg: 12.5 });
    expect(price.stats(Bitset.empty(6), 0)).toBeNull();
    const pages = new NumericColumn(books, "editions.pages");
    expect(pages.single).toBeNull();
    expect(ids(pages.rangeBits(125, 200))).toEqual(["6"]);
    expect(pages.stats(null, 6)).toEqual({ min: 120, max: 130, sum: 250, avg: 125 });
    expect(new NumericColumn(books, "category").isEmpty).toBe(true);
  });
});

describe("NumericColumnBuilder fed a document at a time (the stock build's batches)", () => {
  const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, -0, Infinity, NaN, "7"));
  it("gives the column a reference sort of the (value, doc) pairs gives, the number of documents told at the end", () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { maxLength: 3 }), { maxLength: 60 }), fc.nat(5), (docs, trailing) => {
        const b = new NumericColumnBuilder("x", 0);
        docs.forEach((vs, doc) => vs.length && b.add(doc, vs as (number | string)[]));
        const n = docs.length + trailing;
        b.setSize(n);
        const col = new NumericColumn([], "x", b);
        const finite = docs.map((vs) => vs.filter((v): v is number => typeof v === "number" && Number.isFinite(v)));
        const pairs = finite.flatMap((vs, doc) => vs.map((v) => [v, doc] as const));
        // Stable by value (=== equal values keep document order), as the column promises.
        const sorted = pairs.map((p, i) => [p, i] as const).sort((a, c) => a[0][0] - c[0][0] || a[1] - c[1]);
        expect([...col.sortedDocs]).toEqual(sorted.map(([p]) => p[1]));
        const several = finite.some((vs) => vs.length > 1);
        expect(col.single === null).toBe(several || pairs.length === 0);
        if (pairs.length) expect([...col.first]).toEqual([...finite.map((vs) => vs[0] ?? NaN), ...Array<number>(trailing).fill(NaN)]);
        expect(col.rangeBits(-2, 2).toArray().length).toBe(new Set(pairs.filter(([v]) => v >= -2 && v <= 2).map(([, d]) => d)).size);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps no pairs apart from each document's value until a document has several", () => {
    const b = new NumericColumnBuilder("price", 0);
    for (let doc = 0; doc < 5000; doc++) b.add(doc, [doc % 97]);
    expect(b.heldPairs).toBe(0);
    b.add(5000, [1, 2]);
    expect(b.heldPairs).toBeGreaterThanOrEqual(5002);
  });
});

describe("FacetColumnBuilder fed a document at a time", () => {
  it("holds a byte a document until a value's code needs more, then widens without losing one", () => {
    const b = new FacetColumnBuilder("stocknum", 0);
    for (let doc = 0; doc < 200; doc++) b.add(doc, [`v${doc % 50}`]);
    expect(b.codes).toBeInstanceOf(Uint8Array);
    // Past 254 values (codes are ordinal + 2), then past 65,534.
    for (let doc = 200; doc < 70_200; doc++) b.add(doc, doc === 300 ? ["x", "y"] : [`w${doc}`]);
    expect(b.codes).toBeInstanceOf(Uint32Array);
    b.setSize(70_203);
    const col = new FacetColumn([], "stocknum", b);
    expect(col.codes).toBeInstanceOf(Uint32Array);
    expect(col.codes.length).toBe(70_203);
    expect(col.values[col.firstOrdinal(7)]).toBe("v7");
    expect(col.values[col.firstOrdinal(256)]).toBe("w256");
    expect(col.values[col.firstOrdinal(70_199)]).toBe("w70199");
    expect(col.values[col.firstOrdinal(300)]).toBe("x");
    expect(col.firstOrdinal(70_202)).toBe(-1);
    expect(col.bitsFor("v49").toArray()).toEqual(Uint32Array.from({ length: 4 }, (_, i) => 49 + 50 * i));
    expect(col.bitsFor("y").toArray()).toEqual(Uint32Array.of(300));
  });

  it("gives a column of the narrowest width for its values", () => {
    const b = new FacetColumnBuilder("make", 0);
    for (let doc = 0; doc < 1000; doc++) b.add(doc, [`m${doc % 300}`]);
    expect(b.codes).toBeInstanceOf(Uint16Array);
    b.setSize(1000);
    expect(new FacetColumn([], "make", b).codes).toBeInstanceOf(Uint16Array);
  });
});
