import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Bitset } from "./bitset";

describe("Bitset", () => {
  it("full/empty/not respect the size", () => {
    for (const n of [0, 1, 31, 32, 33, 100]) {
      expect(Bitset.full(n).count()).toBe(n);
      expect(Bitset.empty(n).count()).toBe(0);
      expect(Bitset.empty(n).not().count()).toBe(n);
      expect(Bitset.full(n).not().count()).toBe(0);
    }
  });
  it("property: operations agree with sets", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }).chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1)), fc.uniqueArray(fc.nat(n - 1)))),
        ([n, xs, ys]) => {
          const a = Bitset.fromDocs(n, xs);
          const b = Bitset.fromDocs(n, ys);
          const sx = new Set(xs);
          const sy = new Set(ys);
          const sorted = (s: Iterable<number>) => [...s].sort((p, q) => p - q);
          expect([...a.toArray()]).toEqual(sorted(sx));
          expect([...a.and(b).toArray()]).toEqual(sorted(xs.filter((x) => sy.has(x))));
          expect([...a.or(b).toArray()]).toEqual(sorted(new Set([...xs, ...ys])));
          expect([...a.andNot(b).toArray()]).toEqual(sorted(xs.filter((x) => !sy.has(x))));
          expect(a.not().count()).toBe(n - sx.size);
          const seen: number[] = [];
          a.forEach((d) => seen.push(d));
          expect(seen).toEqual(sorted(sx));
          for (const x of xs) expect(a.has(x)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
