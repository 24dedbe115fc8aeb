import { describe, expect, it } from "vitest";
import { allowedTypos, boundedDistance, indexTerms, normalizeText, tokenize, words } from "./text";

describe("text", () => {
  it("normalises case and accents", () => {
    expect(normalizeText("Škoda Citroën")).toBe("skoda citroen");
    expect(words("Mazda CX-5 Maxx Sport (KF)")).toEqual(["mazda", "cx", "5", "maxx", "sport", "kf"]);
  });
  it("keeps original positions", () => {
    const t = tokenize("  Škoda  Octavia");
    expect(t.map((x) => [x.text, x.start, x.end])).toEqual([
      ["skoda", 2, 7],
      ["octavia", 9, 16],
    ]);
    expect(t[0].ends).toEqual([3, 4, 5, 6, 7]);
  });
  it("adds joined terms for hyphenated words", () => {
    expect(indexTerms("CX-5")).toEqual(["cx", "5", "cx5"]);
    expect(indexTerms("4x4 Dual Cab")).toEqual(["4x4", "dual", "cab"]);
    expect(indexTerms("i30 N-Line/Premium")).toEqual(["i30", "n", "line", "premium", "nlinepremium"]);
  });
  it("bounded Damerau distance, plain and prefix", () => {
    expect(boundedDistance("toyota", "toyota", 1)).toBe(0);
    expect(boundedDistance("toyta", "toyota", 1)).toBe(1);
    expect(boundedDistance("tyoota", "toyota", 1)).toBe(1);
    expect(boundedDistance("tyta", "toyota", 1)).toBe(2);
    expect(boundedDistance("toyta", "toyota", 1, true)).toBe(1);
    expect(boundedDistance("toyo", "toyota", 1, true)).toBe(0);
    expect(boundedDistance("commodre", "commodore", 2)).toBe(1);
    expect(boundedDistance("ford", "hyundai", 1)).toBe(2);
  });
  it("typo allowance like Algolia, none for words with digits", () => {
    expect([allowedTypos("kia"), allowedTypos("ford"), allowedTypos("commodor"), allowedTypos("2020")]).toEqual([0, 1, 2, 0]);
  });
});
