import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ATTRIBUTE_WEIGHT, PREFIX_WEIGHT, TextIndex, TYPO_WEIGHT } from "./text-index";
import { allowedTypos, boundedDistance, indexTerms } from "./text";
import { makeCars } from "./fixtures/cars";

const attrs = ["make", "model", "badge", "colour", "stocknum", "year"];

describe("TextIndex", () => {
  const recs = [
    { make: "Toyota", model: "Hilux", badge: "SR5", colour: "White", stocknum: "A1", year: 2020 },
    { make: "Toyota", model: "Corolla", badge: "ZR", colour: "Silver", stocknum: "A2", year: 2021 },
    { make: "Ford", model: "Ranger", badge: "XLT", colour: "Moonlight Silver", stocknum: "B1", year: 2020 },
    { make: "Mazda", model: "CX-5", badge: "Maxx Sport", colour: "Red", stocknum: "B2", year: 2019 },
  ];
  const ti = new TextIndex(recs, attrs);
  const docs = (q: string) => [...(ti.search(q)?.bits.toArray() ?? [])];
  it("requires every word, prefix on the last word only, typos from 4 letters", () => {
    expect(ti.search("  ")).toBeNull();
    expect(docs("toyota")).toEqual([0, 1]);
    expect(docs("toyota 2020")).toEqual([0]);
    expect(docs("toy")).toEqual([0, 1]);
    expect(docs("toy hilux")).toEqual([]); // not the last word: no prefix
    expect(docs("silvr")).toEqual([1, 2]);
    expect(docs("cx5")).toEqual([3]);
    expect(docs("b")).toEqual([2, 3]);
    expect(docs("202")).toEqual([0, 1, 2]);
    expect(docs("2021")).toEqual([1]);
    expect(docs("2022")).toEqual([]); // digits: no typos
  });
  it("scores typos, then attribute order, then exactness", () => {
    const r = ti.search("silver")!;
    expect(r.scores[1]).toBe(3 * ATTRIBUTE_WEIGHT);
    const t = ti.search("silvr")!;
    expect(t.scores[1]).toBe(TYPO_WEIGHT + 3 * ATTRIBUTE_WEIGHT);
    const p = ti.search("toy")!;
    expect(p.scores[0]).toBe(PREFIX_WEIGHT);
    expect(p.words[0].terms.get("toyota")).toEqual({ typos: 0, prefix: true });
  });
  it("property: matches a naive scan (forward-index and posting paths agree)", () => {
    const cars = makeCars(300, 4);
    const index = new TextIndex(cars, attrs);
    const vocab = ["toyota", "ford", "silver", "s", "st100", "ranger", "hilux", "maxx", "sport", "2020", "whte", "corola", "m", "r", "x"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 3 }), (ws) => {
        const got = [...(index.search(ws.join(" "))?.bits.toArray() ?? [])];
        const expected = cars
          .map((c, i) => {
            const terms = attrs.flatMap((a) => indexTerms(String((c as unknown as Record<string, unknown>)[a])));
            const ok = ws.every((w, wi) => {
              const last = wi === ws.length - 1;
              const k = allowedTypos(w);
              return terms.some(
                (t) =>
                  t === w ||
                  (last && t.startsWith(w)) ||
                  (k > 0 && !/\d/.test(t) && (boundedDistance(w, t, k) <= k || (last && boundedDistance(w, t, k, true) <= k))),
              );
            });
            return ok ? i : -1;
          })
          .filter((i) => i >= 0);
        expect(got).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
