import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SearchRequestError } from "./errors";
import { facetFiltersToNode, numericFiltersToNode, splitLegacyFilterString, tagFiltersToNode } from "./facet-filters";
import { compileFilter, formatFilter, type FilterNode } from "./filter-grammar";
import { books } from "./fixtures/books";

const ids = (node: FilterNode | null) => {
  const p = compileFilter(node);
  return books.filter((b) => p(b)).map((b) => b.objectID);
};

describe("facetFilters", () => {
  it("outer AND, inner OR", () => {
    expect(ids(facetFiltersToNode([["category:Book", "category:Ebook"], "author:JK Rowling"]))).toEqual(["1", "2"]);
    expect(formatFilter(facetFiltersToNode([["category:Book", "category:Ebook"], "author:JK Rowling"])!)).toBe(
      '(category:Book OR category:Ebook) AND author:"JK Rowling"',
    );
  });
  it("negation and literal minus", () => {
    expect(ids(facetFiltersToNode(["category:-Ebook", "author:-John Doe"]))).toEqual(["1", "3", "6"]);
    expect(facetFiltersToNode(["make:\\-x"])).toEqual({ type: "facet", attribute: "make", value: "-x" });
  });
  it("matches numbers written as strings, booleans, nested attributes, case-insensitively", () => {
    expect(ids(facetFiltersToNode(["rating:1"]))).toEqual(["3", "6"]);
    expect(ids(facetFiltersToNode(["free_shipping:true"]))).toEqual(["1", "3"]);
    expect(ids(facetFiltersToNode(["brand.name:bloomsbury"]))).toEqual(["1"]);
    expect(ids(facetFiltersToNode(["author:Jane: Doe"]))).toEqual(["6"]);
  });
  it("accepts a single string, a JSON string and the legacy comma form", () => {
    expect(ids(facetFiltersToNode("category:Ebook"))).toEqual(["2"]);
    expect(ids(facetFiltersToNode('[["category:Ebook","category:Magazine"]]'))).toEqual(["2", "5"]);
    expect(ids(facetFiltersToNode("(category:Ebook,category:Magazine),author:John Doe"))).toEqual(["5"]);
    expect(facetFiltersToNode([])).toBeNull();
    expect(facetFiltersToNode("")).toBeNull();
    expect(facetFiltersToNode([[]])).toBeNull();
  });
  it("rejects bad shapes with a 400", () => {
    for (const bad of [[["a:b", ["c:d"]]], [1], "nocolon", ["nocolon"], { a: 1 }, "[broken", 5]) {
      expect(() => facetFiltersToNode(bad)).toThrow(SearchRequestError);
    }
  });
});

describe("numericFilters", () => {
  it("operators without spaces, ranges, nesting", () => {
    expect(ids(numericFiltersToNode(["price>=10", "price<=20"]))).toEqual(["1", "4", "5"]);
    expect(ids(numericFiltersToNode([["price<9", "price>50"]]))).toEqual(["2", "6"]);
    expect(ids(numericFiltersToNode(["price:10 TO 20", "rating != 3"]))).toEqual(["1", "5"]);
    expect(ids(numericFiltersToNode("price=100"))).toEqual(["6"]);
  });
  it("rejects non-numeric filters", () => {
    expect(() => numericFiltersToNode(["price:10"])).toThrow(/numericFilters: expected 'attribute operator number'/);
    expect(() => numericFiltersToNode(["price>abc"])).toThrow(SearchRequestError);
  });
});

describe("tagFilters", () => {
  it("nested arrays and negation", () => {
    expect(ids(tagFiltersToNode(["published", "-self-published"]))).toEqual(["1", "2", "4"]);
    expect(ids(tagFiltersToNode([["draft", "self-published"]]))).toEqual(["3", "5"]);
  });
  it("legacy string form a,(b,c),-d and empty string", () => {
    expect(splitLegacyFilterString("a,(b,c),-d", "tagFilters")).toEqual(["a", ["b", "c"], "-d"]);
    expect(ids(tagFiltersToNode("published,(self-published,draft),-draft"))).toEqual(["3"]);
    expect(tagFiltersToNode("")).toBeNull();
    expect(() => tagFiltersToNode("(a,b")).toThrow(/unclosed/);
    expect(() => tagFiltersToNode("a),b")).toThrow(/unexpected '\)'/);
  });
  it("property: random inputs only ever throw 400s", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.oneof(json, fc.string({ maxLength: 30 })), (v) => {
        for (const f of [facetFiltersToNode, numericFiltersToNode, tagFiltersToNode]) {
          try {
            compileFilter(f(v))(books[0]);
          } catch (e) {
            if (!(e instanceof SearchRequestError) || e.status !== 400) throw e;
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
