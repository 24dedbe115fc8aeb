import { describe, expect, it } from "vitest";
import { isEnabled, withFlagsOn } from "./flags";

const manifest = { features: { finance: true, blog: false } } as any;

describe("feature flags", () => {
  it("treats no flag as on", () => {
    expect(isEnabled(manifest, undefined)).toBe(true);
  });

  it("is on only when the flag is declared true", () => {
    expect(isEnabled(manifest, "finance")).toBe(true);
    expect(isEnabled(manifest, "blog")).toBe(false);
    expect(isEnabled(manifest, "compare")).toBe(false);
    expect(isEnabled({} as any, "finance")).toBe(false);
  });

  it("drops items whose flag is off and keeps the order of the rest", () => {
    const items = [{ id: 1 }, { id: 2, flag: "blog" }, { id: 3, flag: "finance" }, { id: 4, flag: "chat" }];
    expect(withFlagsOn(manifest, items).map((i) => i.id)).toEqual([1, 3]);
    expect(withFlagsOn(manifest, undefined)).toEqual([]);
  });
});
