import { describe, expect, it } from "vitest";
import { migrateManifest } from "./index";
import { CASH_FINANCE_FLAG, dropFeatureFlag } from "./drop-flag";

const drop = dropFeatureFlag(CASH_FINANCE_FLAG);

describe("migration 3 → 4: the do-nothing cashFinancePriceDisplay flag is removed", () => {
  it("drops the flag from features and bumps the version", () => {
    const result = migrateManifest({ schemaVersion: 3, slug: "d", features: { finance: true, cashFinancePriceDisplay: true } });
    expect(result.error).toBeUndefined();
    expect(result.applied).toEqual([expect.stringMatching(/^3→4: the cashFinancePriceDisplay feature flag/), expect.stringMatching(/^4→5: /)]);
    expect(result.manifest).toEqual({ schemaVersion: 5, slug: "d", features: { finance: true } });
  });

  it("keeps what the flag showed where it was on, without the flag", () => {
    const on = drop(
      {
        features: { cashFinancePriceDisplay: true },
        routes: { "/x": { flag: CASH_FINANCE_FLAG, blocks: [{ type: "hero", flag: CASH_FINANCE_FLAG }, { type: "faq" }] } },
      },
      {},
    );
    expect(on).toEqual({ features: {}, routes: { "/x": { blocks: [{ type: "hero" }, { type: "faq" }] } } });
  });

  it("removes what the flag hid where it was off, reading the template's value when the manifest sets none", () => {
    const manifest = {
      routes: { "/x": { flag: CASH_FINANCE_FLAG, blocks: [] }, "/y": { blocks: [{ type: "hero", flag: CASH_FINANCE_FLAG }, { type: "faq" }] } },
    };
    expect(drop(manifest, {})).toEqual({ routes: { "/y": { blocks: [{ type: "faq" }] } } });
    expect(drop(manifest, { base: { features: { cashFinancePriceDisplay: true } } })).toEqual({
      routes: { "/x": { blocks: [] }, "/y": { blocks: [{ type: "hero" }, { type: "faq" }] } },
    });
  });
});
