import { describe, expect, it } from "vitest";
import { buildHighlightResult, highlightString, searchableTree } from "./highlight";
import type { QueryWord } from "./text-index";

const qw = (word: string, terms: Record<string, [number, boolean]>, isLast = false): QueryWord => ({
  word,
  isLast,
  terms: new Map(Object.entries(terms).map(([t, [typos, prefix]]) => [t, { typos, prefix }])),
});

describe("highlightString", () => {
  it("wraps exact, prefix and typo matches", () => {
    const words = [qw("toyta", { toyota: [1, false] }), qw("hi", { hilux: [0, true] }, true)];
    expect(highlightString("Toyota Hilux SR5", words, "<em>", "</em>")).toEqual({
      value: "<em>Toyota</em> <em>Hi</em>lux SR5",
      matchLevel: "full",
      matchedWords: ["toyta", "hi"],
      fullyHighlighted: false,
    });
    expect(highlightString("Toyota", words, "__ais-highlight__", "__/ais-highlight__")).toEqual({
      value: "__ais-highlight__Toyota__/ais-highlight__",
      matchLevel: "partial",
      matchedWords: ["toyta"],
      fullyHighlighted: true,
    });
    expect(highlightString("Škoda", [qw("sk", { skoda: [0, true] }, true)], "[", "]").value).toBe("[Šk]oda");
    expect(highlightString("Ford", words, "<em>", "</em>")).toEqual({ value: "Ford", matchLevel: "none", matchedWords: [] });
    expect(highlightString("Ford", null, "<em>", "</em>")).toEqual({ value: "Ford", matchLevel: "none", matchedWords: [] });
  });
});

describe("buildHighlightResult", () => {
  const rec = {
    objectID: "1",
    make: "Toyota",
    year: 2020,
    price: 5,
    tags: ["runout sale"],
    location: { name: "Geelong", address: { city: "Geelong" } },
    ok: true,
  };
  const searchable = new Set(["make", "year"]);
  const words = [qw("toyota", { toyota: [0, false] }), qw("2020", { "2020": [0, false] }, true)];
  it("by default mirrors only the searchable attributes, as Algolia does", () => {
    for (const tree of [undefined, searchableTree(["make", "year", "location.name"])]) {
      const isSearchable = (p: string) => searchable.has(p) || p === "location.name";
      const hr = buildHighlightResult(rec, { words, isSearchable, searchableTree: tree, attributes: null, preTag: "<em>", postTag: "</em>" });
      expect(hr).toEqual({
        make: { value: "<em>Toyota</em>", matchLevel: "partial", matchedWords: ["toyota"], fullyHighlighted: true },
        year: { value: "<em>2020</em>", matchLevel: "partial", matchedWords: ["2020"], fullyHighlighted: true },
        location: { name: { value: "Geelong", matchLevel: "none", matchedWords: [] } },
      });
    }
  });
  it('with "*" mirrors every string and array attribute; highlights only searchable ones', () => {
    const hr = buildHighlightResult(rec, { words, isSearchable: (p) => searchable.has(p), attributes: ["*"], preTag: "<em>", postTag: "</em>" });
    expect(hr).toEqual({
      objectID: { value: "1", matchLevel: "none", matchedWords: [] },
      make: { value: "<em>Toyota</em>", matchLevel: "partial", matchedWords: ["toyota"], fullyHighlighted: true },
      year: { value: "<em>2020</em>", matchLevel: "partial", matchedWords: ["2020"], fullyHighlighted: true },
      tags: [{ value: "runout sale", matchLevel: "none", matchedWords: [] }],
      location: {
        name: { value: "Geelong", matchLevel: "none", matchedWords: [] },
        address: { city: { value: "Geelong", matchLevel: "none", matchedWords: [] } },
      },
    });
  });
  it("keeps an array's positions with an empty object or list where an element has nothing to highlight", () => {
    const photos = { objectID: "2", photos: [{ width: 800 }, { caption: "Side" }, [3], 7, null] };
    for (const tree of [undefined, searchableTree(["photos.caption"])]) {
      const isSearchable = (p: string) => p === "photos.caption";
      const hr = buildHighlightResult(photos, { words: null, isSearchable, searchableTree: tree, attributes: null, preTag: "<em>", postTag: "</em>" });
      expect(hr.photos).toEqual([
        {},
        { caption: { value: "Side", matchLevel: "none", matchedWords: [] } },
        [],
        { value: "7", matchLevel: "none", matchedWords: [] },
        { value: "", matchLevel: "none", matchedWords: [] },
      ]);
    }
  });
  it("respects attributesToHighlight", () => {
    const hr = buildHighlightResult(rec, { words: null, isSearchable: () => true, attributes: ["make"], preTag: "<em>", postTag: "</em>" });
    expect(Object.keys(hr)).toEqual(["make"]);
  });
});
