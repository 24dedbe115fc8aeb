import { describe, expect, it } from "vitest";
import { CURRENT_SCHEMA_VERSION, migrateManifest } from "./index";
import { migrateDropTypedComparisonRates } from "./typed-comparison-rates";

describe("migration 4 → 5: no typed comparison rates", () => {
  it("drops each provider's comparisonRate and keeps everything else", () => {
    const v3 = {
      schemaVersion: 4,
      finance: {
        defaultProvider: "flexi",
        providers: [
          { id: "flexi", name: "Flexi Car Loans", defaultRate: 6.99, comparisonRate: 7.45, inputs: { term: { max: 5 } } },
          { id: "standard", name: "Standard", defaultRate: 8.5, comparisonRate: null },
          { id: "plain", name: "Plain", defaultRate: 9 },
        ],
      },
    };
    const out = migrateDropTypedComparisonRates(v3);
    expect(out.finance).toEqual({
      defaultProvider: "flexi",
      providers: [
        { id: "flexi", name: "Flexi Car Loans", defaultRate: 6.99, inputs: { term: { max: 5 } } },
        { id: "standard", name: "Standard", defaultRate: 8.5 },
        { id: "plain", name: "Plain", defaultRate: 9 },
      ],
    });
    // The input is not changed in place.
    expect(v3.finance.providers[0].comparisonRate).toBe(7.45);
  });

  it("leaves a manifest without providers, or with a malformed list, for validation", () => {
    expect(migrateDropTypedComparisonRates({ name: "x" })).toEqual({ name: "x" });
    expect(migrateDropTypedComparisonRates({ finance: { providers: "nope" } })).toEqual({ finance: { providers: "nope" } });
    expect(migrateDropTypedComparisonRates({ finance: { providers: [1, null] } })).toEqual({ finance: { providers: [1, null] } });
  });

  it("runs once, as the step from version 4", () => {
    const r = migrateManifest({ schemaVersion: 4, finance: { providers: [{ id: "a", comparisonRate: 7 }] } });
    expect(CURRENT_SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
    expect(r.applied[0]).toMatch(/^4→5: /);
    expect((r.manifest.finance as { providers: object[] }).providers[0]).toEqual({ id: "a" });
  });
});
