import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { ATTRIBUTE_WEIGHT, PREFIX_WEIGHT, sortInSlices, TextIndex, TextIndexBuilder, TYPO_WEIGHT } from "./text-index";
import { pathCollector, type Scalar } from "./record-path";
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
  it("property: each term's match (exact, prefix of the last word, typos) is the plain definition's, with the prefix run and the letter filter", () => {
    // Terms sharing letters and prefixes, words with a missing, an extra and a swapped letter,
    // non-ASCII letters (their bits are shared) and digits.
    const vocabulary = [
      "jayco",
      "jazz",
      "jeep",
      "j30",
      "jb",
      "silver",
      "silverado",
      "sliver",
      "siler",
      "outlander",
      "outback",
      "outl",
      "ütility",
      "utility",
      "cx-5",
      "cx",
      "5",
      "wagon",
      "wagn",
      "awagon",
      "ranger",
      "ranged",
      "orange",
    ];
    const index = new TextIndex(
      vocabulary.map((w) => ({ make: w })),
      ["make"],
    );
    const terms = [...new Set(vocabulary.flatMap((w) => indexTerms(w)))];
    const queries = [
      "j",
      "ja",
      "jazz",
      "silver",
      "silvr",
      "sliver",
      "silverad",
      "outlnder",
      "outla",
      "utilty",
      "ütilty",
      "wagon",
      "wgaon",
      "rnager",
      "ranger",
      "cx",
      "o",
      "x",
    ];
    fc.assert(
      fc.property(fc.constantFrom(...queries), fc.boolean(), (word, isLast) => {
        const matches = index.matchWord(word, isLast);
        const k = allowedTypos(word);
        for (const t of terms) {
          let expected: { typos: number; prefix: boolean } | undefined;
          if (t === word) expected = { typos: 0, prefix: false };
          else if (isLast && t.startsWith(word)) expected = { typos: 0, prefix: true };
          else if (k > 0 && !/\d/.test(t)) {
            const whole = !isLast || t.length <= word.length + k ? boundedDistance(word, t, k) : k + 1;
            const prefix = isLast && t.length > word.length - k ? boundedDistance(word, t, k, true) : k + 1;
            if (whole <= k) expected = { typos: whole, prefix: false };
            else if (prefix <= k) expected = { typos: prefix, prefix: true };
          }
          expect([word, isLast, t, matches.get(t)]).toEqual([word, isLast, t, expected]);
        }
        // Nothing outside the vocabulary matches, however it starts.
        expect(matches.get(`${word}zzz-not-a-term`)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
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

describe("a text index finished in slices", () => {
  it("sorts strings as the default sort does, across several slices", () => {
    const list = Array.from({ length: 200_000 }, (_, i) => `${(i * 7919) % 200_003}${i % 3 === 0 ? "é" : i % 3 === 1 ? "Z" : "a"}${i}`);
    const steps = sortInSlices(list);
    let yields = 0;
    let r = steps.next();
    while (!r.done) {
      yields++;
      r = steps.next();
    }
    expect(r.value).toEqual(list.slice().sort());
    expect(yields).toBeGreaterThan(3);
  });

  it("sorts at most 8,192 strings natively between two yields (65,536 held the event loop 30-80 ms)", () => {
    const list = Array.from({ length: 40_000 }, (_, i) => `t${(i * 7919) % 40_009}`);
    const sizes: number[] = [];
    const sort = Array.prototype.sort;
    const spy = vi.spyOn(Array.prototype, "sort").mockImplementation(function (this: unknown[], compare?: (a: unknown, b: unknown) => number) {
      sizes.push(this.length);
      return sort.call(this, compare);
    });
    const steps = sortInSlices(list);
    let r = steps.next();
    while (!r.done) r = steps.next();
    spy.mockRestore();
    expect(r.value).toEqual(list.slice().sort());
    expect(Math.max(...sizes)).toBeLessThanOrEqual(8192);
  });

  it("gives the index the constructor gives, yielding in between", () => {
    const records = Array.from({ length: 300 }, (_, i) => ({ name: `Car ${i} ${["Toyota", "Mazda", "Kia"][i % 3]} CX-${i % 9}`, badge: `B${i % 11}` }));
    const attributes = ["name", "badge"];
    const whole = new TextIndex(records, attributes);
    const builder = new TextIndexBuilder(records.length, attributes.length);
    const collectors = attributes.map(pathCollector);
    const buf: Scalar[] = [];
    const from = new Uint32Array(2);
    const to = new Uint32Array(2);
    records.forEach((rec, doc) => {
      buf.length = 0;
      collectors.forEach((c, a) => {
        from[a] = buf.length;
        c(rec, buf);
        to[a] = buf.length;
      });
      builder.addDoc(doc, buf, from, to);
    });
    const steps = TextIndex.building(attributes, builder);
    let r = steps.next();
    let yields = 0;
    while (!r.done) {
      yields++;
      r = steps.next();
    }
    expect(yields).toBeGreaterThan(0);
    expect(r.value.parts()).toEqual(whole.parts());
    for (const q of ["toyota", "cx5", "mazd", "b1"]) expect(r.value.search(q)!.count).toBe(whole.search(q)!.count);
  });
});
