import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { DealerManifest } from "./generated/types";
import { FEATURE_FLAGS, isEnabled, isFeatureFlag, withFlagsOn } from "./flags";
import { composeManifestSchema, deriveFlagNames } from "../scripts/lib/generated-files";

const manifest = { features: { finance: true, blog: false } } as Pick<DealerManifest, "features">;
const root = process.cwd();

describe("feature flags", () => {
  it("treats no flag as on", () => {
    expect(isEnabled(manifest, undefined)).toBe(true);
  });

  it("is on only when the flag is declared true", () => {
    expect(isEnabled(manifest, "finance")).toBe(true);
    expect(isEnabled(manifest, "blog")).toBe(false);
    expect(isEnabled(manifest, "compare")).toBe(false);
    expect(isEnabled({} as Pick<DealerManifest, "features">, "finance")).toBe(false);
  });

  it("never reads a name that is not a flag, even one a manifest object happens to hold", () => {
    const odd = { features: { finance: true, toString: true } } as unknown as Pick<DealerManifest, "features">;
    expect(isEnabled(odd, "toString")).toBe(false);
    expect(isFeatureFlag("finance")).toBe(true);
    expect(isFeatureFlag("financing")).toBe(false);
  });

  it("drops items whose flag is off and keeps the order of the rest", () => {
    const items = [{ id: 1 }, { id: 2, flag: "blog" }, { id: 3, flag: "finance" }, { id: 4, flag: "chat" }];
    expect(withFlagsOn(manifest, items).map((i) => i.id)).toEqual([1, 3]);
    expect(withFlagsOn(manifest, undefined)).toEqual([]);
  });
});

describe("one flag list", () => {
  const source = JSON.parse(readFileSync(`${root}/schemas/manifest.source.json`, "utf8"));

  it("is the features object's properties; the flag-name enum is derived from it, never written", () => {
    expect(source.$defs.flagName.enum).toBeUndefined();
    const composed = composeManifestSchema(root);
    expect(composed.$defs.flagName.enum).toEqual(Object.keys(source.$defs.features.properties));
    expect(FEATURE_FLAGS).toEqual(Object.keys(source.$defs.features.properties));
  });

  it("refuses a flag-name enum written by hand", () => {
    const defs = structuredClone(source.$defs);
    defs.flagName.enum = ["finance"];
    expect(() => deriveFlagNames(defs)).toThrow(/must not list flags/);
  });
});
