import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { DealerManifest } from "../generated/types";
import { settingsForProvider, siteFinanceSettings } from "./site-finance";
import { SAMPLE_PROVIDERS, resolveFinanceSettings, type FinanceSettingsSource } from "./settings";
import { calculate, calculatorDefaults } from "./index";

const m = (features: Record<string, boolean>, finance?: unknown) => ({ slug: "t", features, ...(finance ? { finance } : {}) }) as unknown as DealerManifest;
const source: FinanceSettingsSource = { defaultProvider: "prime", providers: [SAMPLE_PROVIDERS.prime, SAMPLE_PROVIDERS.broker] };

describe("siteFinanceSettings", () => {
  it("resolves the manifest's finance section when the finance flag is on", () => {
    expect(siteFinanceSettings(m({ finance: true }, source))?.defaultProvider).toBe("prime");
  });
  it("is null with the flag off or no finance section, and logs unusable settings", () => {
    expect(siteFinanceSettings(m({ finance: false }, source))).toBeNull();
    expect(siteFinanceSettings(m({}, source))).toBeNull();
    expect(siteFinanceSettings(m({ finance: true }))).toBeNull();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(siteFinanceSettings(m({ finance: true }, { defaultProvider: "x", providers: [SAMPLE_PROVIDERS.prime] }))).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("site=t"));
    error.mockRestore();
  });
});

describe("settingsForProvider", () => {
  const settings = resolveFinanceSettings(source);
  it("keeps only the chosen provider, as the default", () => {
    const { settings: one, provider } = settingsForProvider(settings, "broker");
    expect(provider.name).toBe("Broker Plus");
    expect(one.providers.map((p) => p.id)).toEqual(["broker"]);
    expect(one.defaultProvider).toBe("broker");
    expect(settingsForProvider(settings).provider.id).toBe("prime");
  });
  it("gives the same figures as the full settings", () => {
    const { settings: one } = settingsForProvider(settings, "broker");
    const values = calculatorDefaults(settings, { providerId: "broker" });
    expect(calculate(one, values)).toEqual(calculate(settings, values, { providerId: "broker" }));
  });
  it("throws for an unknown provider", () => {
    expect(() => settingsForProvider(settings, "nope")).toThrow(/Unknown finance provider/);
  });
});

describe("sample manifests' finance sections", () => {
  const read = (slug: string) => JSON.parse(readFileSync(path.join(process.cwd(), "manifests", `${slug}.json`), "utf8"));
  const cases: Array<[string, string, (s: ReturnType<typeof resolveFinanceSettings>) => void]> = [
    [
      "sunshine-chery",
      "Chery Finance by Brand Financial Services",
      (s) => {
        expect(s.providers[0].fees).toMatchObject({ establishment: 395, securityRegistration: 6, monthlyAdmin: 8, dealerAgency: 912.25 });
      },
    ],
    [
      "harbour-motor-group",
      "Prime Motor Finance",
      (s) => {
        expect(s.providers[0]).toMatchObject({
          fees: { establishment: 1300 },
          rounding: "up-cent",
          eligibility: { kind: "recent-vehicle" },
          inputs: { price: { min: 5000 }, rate: { min: 7.5, max: 14.5 } },
        });
      },
    ],
    [
      "twg-group",
      "Broker Plus",
      (s) => {
        expect(s.providers[0]).toMatchObject({
          fees: { establishment: 1360.5, financed: false },
          paymentTiming: "advance",
          inputs: { rate: { min: 9.95, max: 19.95 } },
        });
      },
    ],
    [
      "outback-caravans",
      "Flexi Car Loans",
      (s) => {
        expect(s.providers[0]).toMatchObject({ inputs: { rate: { min: 1, max: 14.5 }, term: { max: 5 } } });
      },
    ],
  ];
  const disclaimers = new Set<string>();
  for (const [slug, name, check] of cases) {
    it(`${slug}: ${name}, its own disclaimer, and a /finance page with the calculator and provider cards`, () => {
      const manifest = read(slug);
      const settings = resolveFinanceSettings(manifest.finance);
      expect(settings.providers[0].name).toBe(name);
      check(settings);
      const disclaimer = settings.providers[0].disclaimer;
      expect(disclaimer.length).toBeGreaterThan(197); // exercises Show More
      expect(disclaimers.has(disclaimer)).toBe(false);
      disclaimers.add(disclaimer);
      // (the monthly estimate is shown on one sample dealer's page, between the calculator and the providers)
      const types = manifest.routes["/finance"].blocks.map((b: { type: string }) => b.type).filter((t: string) => t !== "finance-estimate");
      expect(types).toEqual(["breadcrumbs", "rich-text", "finance-calculator", "finance-providers", "finance-enquiry-form"]);
      expect(calculate(settings, calculatorDefaults(settings)).result?.payment).toBeGreaterThan(25);
    });
  }
});
