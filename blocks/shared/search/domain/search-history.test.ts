import { describe, expect, it } from "vitest";
import { addToHistory, readHistory, recordSearch } from "./search-history";

const entry = (n: number) => ({ url: `/search/${n}`, label: `S${n}`, at: n });

describe("local search history", () => {
  it("keeps 5 entries, newest first, moving repeats to the front", () => {
    let h = [] as ReturnType<typeof addToHistory>;
    for (let i = 1; i <= 7; i++) h = addToHistory(h, entry(i));
    expect(h.map((e) => e.at)).toEqual([7, 6, 5, 4, 3]);
    h = addToHistory(h, { ...entry(5), at: 8 });
    expect(h.map((e) => e.url)).toEqual(["/search/5", "/search/7", "/search/6", "/search/4", "/search/3"]);
  });
  it("reads and writes storage, tolerating bad data and failures", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    recordSearch(storage, entry(1));
    expect(readHistory(storage)).toEqual([entry(1)]);
    store.set("search-history", "{nope");
    expect(readHistory(storage)).toEqual([]);
    store.set("search-history", JSON.stringify([{ url: "javascript:x", label: "x", at: 1 }, entry(2)]));
    expect(readHistory(storage)).toEqual([entry(2)]);
    expect(
      recordSearch(
        {
          getItem: () => null,
          setItem: () => {
            throw new Error("quota");
          },
        },
        entry(3),
      ),
    ).toEqual([entry(3)]);
  });
});
