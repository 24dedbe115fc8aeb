import { describe, expect, it } from "vitest";
import { describeVersionChanges, versionChanges } from "./version-diff";

describe("what changed between two versions", () => {
  it("names each changed value by its path, positions counted from 1, with old and new value", () => {
    const before = {
      locations: [
        { name: "Showroom", phone: "02 6686 0000" },
        { name: "Service", phone: "02 6686 0001" },
      ],
    };
    const after = {
      locations: [
        { name: "Showroom", phone: "02 6686 0000" },
        { name: "Service", phone: "02 6686 1111" },
      ],
    };
    expect(describeVersionChanges(JSON.stringify(before), JSON.stringify(after))).toEqual(["locations › 2 › phone: 02 6686 0001 → 02 6686 1111"]);
  });

  it("says what was added and removed, objects as short JSON", () => {
    const lines = describeVersionChanges(
      JSON.stringify({ a: 1, theme: { logo: { text: "Ace" } } }),
      JSON.stringify({ theme: { logo: { text: "Ace" }, font: "x" }, b: [1] }),
    );
    expect(lines).toEqual(["a: removed (was 1)", "theme › font: added x", "b: added [1]"]);
  });

  it("a first version and a withdrawal are one line each; equal versions none", () => {
    expect(versionChanges(null, { a: 1 })).toMatchObject([{ kind: "added", place: "(the whole manifest)" }]);
    expect(versionChanges({ a: 1 }, null)).toMatchObject([{ kind: "removed" }]);
    expect(versionChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it("cuts long values and long lists of changes", () => {
    const lines = describeVersionChanges(JSON.stringify({ t: "x".repeat(100) }), JSON.stringify({ t: "y".repeat(100) }));
    expect(lines[0].length).toBeLessThan(140);
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const out = describeVersionChanges("{}", JSON.stringify(many), 30);
    expect(out).toHaveLength(31);
    expect(out[30]).toBe("… and 10 more changes");
  });
});
