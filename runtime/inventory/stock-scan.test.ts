import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scanStockFile } from "./stock-scan.mjs";

interface Scanned {
  count: number;
  start: number[];
  end: number[];
  fieldsFrom: number[];
  fieldsTo: number[];
  fields: number[];
}
const scan = scanStockFile as (b: Buffer, o: { keys: readonly string[] | null; onUrl: ((u: string) => void) | null }) => Scanned;

/** What the scan gives, parsed: each car whole, and cut down to the kept members. */
function cars(text: string, keys: readonly string[] | null) {
  const b = Buffer.from(text);
  const urls: string[] = [];
  const s = scan(b, { keys, onUrl: (u) => urls.push(u) });
  const whole: unknown[] = [];
  const cut: unknown[] = [];
  for (let c = 0; c < s.count; c++) {
    whole.push(JSON.parse(b.toString("utf8", s.start[c], s.end[c])));
    if (s.fieldsFrom[c] < 0) cut.push(whole[c]);
    else {
      const members: string[] = [];
      for (let f = s.fieldsFrom[c]; f < s.fieldsTo[c]; f += 2) members.push(b.toString("utf8", s.fields[f], s.fields[f + 1]));
      cut.push(JSON.parse(`{${members.join(",")}}`));
    }
  }
  return { whole, cut, urls };
}

/** The car cut down as the reader did it before: the kept keys of the parsed car. */
function cutOf(car: unknown, keys: readonly string[]) {
  if (!car || typeof car !== "object" || Array.isArray(car)) return car;
  return Object.fromEntries(Object.entries(car).filter(([k]) => keys.includes(k)));
}

/** Every https string value JSON.parse finds (keys excepted), in order. */
function urlsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string" && v.startsWith("https://")) out.push(v);
  else if (Array.isArray(v)) for (const x of v) urlsOf(x, out);
  else if (v && typeof v === "object") for (const x of Object.values(v)) urlsOf(x, out);
  return out;
}

const KEYS = ["make", "a", "é", "price", "images"];
const car = fc.dictionary(
  fc.oneof(fc.constantFrom(...KEYS, "model", "mak\u0065", "b"), fc.string()),
  fc.oneof(fc.jsonValue(), fc.webUrl({ validSchemes: ["https"] }), fc.constant("https:\\/\\/x")),
);

describe("scanning a stock file's bytes", () => {
  it("finds each car and its kept members exactly as JSON.parse reads them, however the file is spaced", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(car, fc.jsonValue())), fc.constantFrom(undefined, 2, "\t"), (list, space) => {
        const text = JSON.stringify(list, null, space);
        const parsed = JSON.parse(text) as unknown[];
        const got = cars(text, KEYS);
        expect(got.whole).toEqual(parsed);
        expect(got.cut).toEqual(parsed.map((c) => cutOf(c, KEYS)));
        expect(got.urls).toEqual(urlsOf(parsed));
        expect(cars(text, null).cut).toEqual(parsed);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts exactly what JSON.parse accepts (a byte changed, added or removed anywhere)", () => {
    const base = JSON.stringify([
      { make: "Toyota", price: -1.5e3, images: [{ url: "https://a.example/x.jpg" }], ok: true, n: null, s: 'q"\\\u00e9\n' },
      12,
      "x",
    ]);
    const chars = [...'{}[]",:\\ 0-.eE+tfnul\u0001ax'];
    fc.assert(
      fc.property(fc.nat(base.length), fc.constantFrom("replace", "insert", "delete"), fc.constantFrom(...chars), (at, how, ch) => {
        const text = how === "delete" ? base.slice(0, at) + base.slice(at + 1) : base.slice(0, at) + ch + base.slice(at + (how === "replace" ? 1 : 0));
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const scanned = () => scan(Buffer.from(text), { keys: KEYS, onUrl: null });
        if (valid) expect(scanned).not.toThrow();
        else expect(scanned).toThrow(SyntaxError);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads escaped keys and URLs as JSON.parse does (a feed's https:\\/\\/, an escaped letter)", () => {
    const got = cars(String.raw`[{"mak\u0065": "X", "model": "https://not.kept", "images": ["https:\/\/h.example\/a", "\u0068ttps://u.example"]}]`, KEYS);
    expect(got.cut).toEqual([{ make: "X", images: ["https://h.example/a", "https://u.example"] }]);
    expect(got.urls).toEqual(["https://not.kept", "https://h.example/a", "https://u.example"]);
  });

  it("holds no cars in a file that is not an array, and fails on one that is not JSON", () => {
    expect(scan(Buffer.from(' {"cars": []} '), { keys: KEYS, onUrl: null }).count).toBe(0);
    expect(() => scan(Buffer.from("\ufeff[]"), { keys: KEYS, onUrl: null })).toThrow();
    expect(() => scan(Buffer.from("[{}] x"), { keys: KEYS, onUrl: null })).toThrow(/text after the stock/);
    expect(() => scan(Buffer.from("[{"), { keys: KEYS, onUrl: null })).toThrow(SyntaxError);
  });
});
