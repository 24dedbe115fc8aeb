import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { topK } from "./top-k";

describe("topK", () => {
  it("equals a full sort cut at k on random data (with ties, stable like Array#sort)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 300 }), fc.integer({ min: -2, max: 320 }), (xs, k) => {
        const items = xs.map((v, i) => ({ v, i }));
        const cmp = (a: { v: number }, b: { v: number }) => a.v - b.v;
        expect(topK(items, k, cmp)).toEqual([...items].sort(cmp).slice(0, Math.max(0, k)));
      }),
      { numRuns: 400 },
    );
  });

  it("selects by a two-key comparator over typed-array documents, as the ranking does", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { minLength: 1, maxLength: 500 }), fc.nat(40), (scoreList, k) => {
        const n = scoreList.length;
        const scores = Int32Array.from(scoreList);
        const pos = Uint32Array.from({ length: n }, (_, i) => (i * 7919) % n); // a permutation when gcd(7919, n) = 1
        const docs = Array.from({ length: n }, (_, i) => i);
        const cmp = (a: number, b: number) => scores[a] - scores[b] || pos[a] - pos[b] || a - b;
        expect(topK(docs, k, cmp)).toEqual([...docs].sort(cmp).slice(0, k));
      }),
      { numRuns: 300 },
    );
  });
});
