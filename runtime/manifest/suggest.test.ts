import { describe, expect, it } from "vitest";
import { didYouMean, levenshtein, nearNames } from "./suggest";

describe("levenshtein", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(levenshtein("serch-grid", "search-grid")).toBe(1);
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("same", "same")).toBe(0);
  });
});

describe("nearNames", () => {
  const blocks = ["search-grid", "site-header", "site-footer", "hero", "tiles-grid", "brand-grid"];

  it("finds a one-letter typo", () => {
    expect(nearNames("serch-grid", blocks)).toEqual(["search-grid"]);
  });

  it("ignores case", () => {
    expect(nearNames("Site-Header", blocks)[0]).toBe("site-header");
  });

  it("puts the closest name first and returns at most `max` names", () => {
    expect(nearNames("site-heder", blocks)[0]).toBe("site-header");
    expect(nearNames("site-x", ["site-a", "site-b", "site-c", "site-d"], 2)).toHaveLength(2);
  });

  it("suggests a name that contains the typed name (or the reverse)", () => {
    expect(nearNames("header", blocks)).toContain("site-header");
  });

  it("suggests nothing for an unrelated name", () => {
    expect(nearNames("carousel", blocks)).toEqual([]);
  });
});

describe("didYouMean", () => {
  it("phrases one suggestion", () => {
    expect(didYouMean("serch-grid", ["search-grid", "hero"])).toBe("did you mean 'search-grid'?");
  });

  it("joins several suggestions with 'or'", () => {
    expect(didYouMean("site-fooder", ["site-footer", "site-header"])).toBe("did you mean 'site-footer' or 'site-header'?");
  });

  it("gives undefined when nothing is near", () => {
    expect(didYouMean("zzzzzzzz", ["search-grid"])).toBeUndefined();
  });
});
