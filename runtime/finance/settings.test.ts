import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import {
  providerFor,
  resolveFinanceSettings,
  resolveProvider,
  SAMPLE_FINANCE_SETTINGS,
  SAMPLE_PREMIUM_SETTINGS,
  SAMPLE_PROVIDERS,
  type FinanceSettingsSource,
} from "./settings";
import { DEFAULT_INPUT_RULES } from "./input-rules";

const schemaPath = fileURLToPath(new URL("../../schemas/finance-settings.schema.json", import.meta.url));
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));

/** The same options as scripts/lib/generated-files.ts createAjv, so strict-mode problems show here first. */
function compile(useDefaults = true) {
  const ajv = new (Ajv2020 as any)({ allErrors: true, strict: true, strictTypes: false, useDefaults });
  (addFormats as any)(ajv);
  // The studio's own keyword (how it starts a new provider), registered as createAjv does.
  ajv.addKeyword({ keyword: "x-studio-new", schemaType: "string" });
  return ajv.compile(schema) as ((data: unknown) => boolean) & {
    errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown> }> | null;
  };
}
const clone = <T>(v: T): T => structuredClone(v);

describe("schema", () => {
  it("compiles under the repo's strict ajv options", () => {
    expect(() => compile()).not.toThrow();
  });

  it("accepts the samples and every provider preset", () => {
    const validate = compile(false);
    expect(validate(clone(SAMPLE_FINANCE_SETTINGS)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(clone(SAMPLE_PREMIUM_SETTINGS)), JSON.stringify(validate.errors)).toBe(true);
    for (const p of Object.values(SAMPLE_PROVIDERS)) expect(validate({ providers: [clone(p)] }), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ["top level", { providers: [{ id: "a", name: "A", defaultRate: 5 }], extra: 1 }, ""],
    ["provider", { providers: [{ id: "a", name: "A", defaultRate: 5, slug: "x" }] }, "/providers/0"],
    ["fees", { providers: [{ id: "a", name: "A", defaultRate: 5, fees: { stampDuty: 1 } }] }, "/providers/0/fees"],
    ["input rule", { providers: [{ id: "a", name: "A", defaultRate: 5, inputs: { price: { minimum: 1 } } }] }, "/providers/0/inputs/price"],
    ["calculator defaults", { providers: [{ id: "a", name: "A", defaultRate: 5 }], calculator: { defaults: { years: 5 } } }, "/calculator/defaults"],
  ])("rejects unknown properties (%s)", (_name, doc, path) => {
    const validate = compile(false);
    expect(validate(doc)).toBe(false);
    expect(validate.errors!.some((e) => e.keyword === "additionalProperties" && e.instancePath === path)).toBe(true);
  });

  it.each([
    ["no providers", { providers: [] }],
    ["a provider without a rate", { providers: [{ id: "a", name: "A" }] }],
    ["a negative fee", { providers: [{ id: "a", name: "A", defaultRate: 5, fees: { establishment: -1 } }] }],
    ["an unknown rounding", { providers: [{ id: "a", name: "A", defaultRate: 5, rounding: "down" }] }],
    ["a remote quote without a base URL", { providers: [{ id: "a", name: "A", defaultRate: 5 }], quote: { adapter: "remote" } }],
    ["a bad base URL", { providers: [{ id: "a", name: "A", defaultRate: 5 }], quote: { adapter: "remote", baseUrl: "not a url" } }],
  ])("rejects %s", (_name, doc) => {
    expect(compile(false)(doc)).toBe(false);
  });

  it("documents every field with a title, description and examples, and a default unless absence means inherit", () => {
    // Absent on purpose: required fields, and fields whose absence means "use the provider's / site default"
    // (the manifest validator runs ajv with useDefaults, which would otherwise write the default in).
    const noDefault =
      /^(\/properties\/(defaultProvider|providers)|\/properties\/calculator\/properties\/(inputs|defaults\/properties\/rate)|\/properties\/quote\/properties\/(baseUrl|providerId)|\/\$defs\/provider\/properties\/(id|name|defaultRate|inputs)|\/\$defs\/otherFee\/properties\/(name|amount)|\/\$defs\/inputRules\/.*)$/;
    const missing: string[] = [];
    const visit = (node: any, path: string) => {
      if (!node || typeof node !== "object") return;
      if (node.properties) {
        for (const [k, p] of Object.entries<any>(node.properties)) {
          const at = `${path}/properties/${k}`;
          for (const key of ["title", "description", "examples"]) if (!(key in p)) missing.push(`${at} ${key}`);
          if (!("default" in p) && !noDefault.test(at)) missing.push(`${at} default`);
          if (p.type === "object" && p.additionalProperties !== false) missing.push(`${at} additionalProperties`);
          visit(p, at);
        }
      }
      if (node.$defs) for (const [k, d] of Object.entries(node.$defs)) visit(d, `/$defs/${k}`);
    };
    visit(schema, "");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(missing).toEqual([]);
  });

  it("is the one source of defaults: a sparse manifest filled by ajv resolves exactly like the sparse one", () => {
    const sparse: FinanceSettingsSource = {
      providers: [
        { id: "a", name: "A", defaultRate: 7, inputs: { price: { min: 5000 } } },
        { id: "b", name: "B", defaultRate: 9, fees: { other: [{ name: "Doc", amount: 10 }] }, eligibility: { kind: "recent-vehicle" } },
      ],
      calculator: { defaults: {}, inputs: { rate: { locked: true } } },
      quote: {},
    };
    const filled = clone(sparse);
    expect(compile(true)(filled)).toBe(true);
    expect(filled).not.toEqual(sparse); // ajv did fill something in
    // Input rule layers stay sparse, so the site layer cannot override the provider's 5000 with a default 1000.
    expect(filled.calculator!.inputs).toEqual({ rate: { locked: true } });
    expect(resolveFinanceSettings(filled)).toEqual(resolveFinanceSettings(sparse));
  });

  it("resolves with exactly the schema's defaults (the code states none of its own)", () => {
    const s = resolveFinanceSettings({ providers: [{ id: "a", name: "A", defaultRate: 7 }] });
    const calc = schema.properties.calculator.properties;
    for (const [k, field] of Object.entries<any>(calc.defaults.properties))
      if ("default" in field) expect(s.calculator.defaults[k as keyof typeof s.calculator.defaults], k).toEqual(field.default);
    expect(s.calculator.quickPicks).toEqual(calc.quickPicks.default);
    expect(s.calculator.disclaimerTruncateAt).toBe(calc.disclaimerTruncateAt.default);
    for (const [k, field] of Object.entries<any>(schema.properties.quote.properties))
      if ("default" in field) expect(s.quote[k as keyof typeof s.quote], k).toEqual(field.default);
    const provider = schema.$defs.provider.properties;
    expect(s.providers[0].disclaimer).toBe(provider.disclaimer.default);
    expect(s.providers[0].rounding).toBe(provider.rounding.default);
    expect(s.providers[0].paymentTiming).toBe(provider.paymentTiming.default);
    // Comparison rates are computed from the rate and fees, never typed: the schema has no field for one.
    expect(provider.comparisonRate).toBeUndefined();
    for (const [k, field] of Object.entries<any>(schema.$defs.fees.properties))
      expect(s.providers[0].fees[k as keyof (typeof s.providers)[0]["fees"]], k).toEqual(field.default);
    for (const [k, field] of Object.entries<any>(schema.$defs.eligibility.properties))
      expect(s.providers[0].eligibility[k as keyof (typeof s.providers)[0]["eligibility"]], k).toEqual(field.default);
    const other = resolveFinanceSettings({ providers: [{ id: "a", name: "A", defaultRate: 7, fees: { other: [{ name: "Doc", amount: 10 }] } }] }).providers[0]
      .fees.other[0];
    expect(other).toEqual({
      name: "Doc",
      amount: 10,
      frequency: schema.$defs.otherFee.properties.frequency.default,
      government: schema.$defs.otherFee.properties.government.default,
    });
  });

  it("documents the built-in input rules the code applies when no layer sets one", () => {
    // Input rules have no schema default on purpose (a default would override a lower layer);
    // their descriptions state the built-in value, which must be the code's.
    const rules = schema.$defs.inputRules.properties;
    for (const [field, rule] of Object.entries<any>(rules)) {
      for (const [key, prop] of Object.entries<any>(rule.properties)) {
        const m = /Built-in value when no layer sets it: (.+)\.$/.exec(prop.description);
        const builtIn = (DEFAULT_INPUT_RULES as any)[field][key];
        if (builtIn === undefined) expect(m, `${field}.${key}`).toBeNull();
        else expect(m && JSON.parse(m[1]), `${field}.${key}`).toEqual(builtIn);
      }
    }
  });
});

describe("resolveFinanceSettings", () => {
  it("fills every default", () => {
    const s = resolveFinanceSettings({ providers: [{ id: "a", name: "A", defaultRate: 7 }] });
    expect(s.defaultProvider).toBe("a");
    expect(s.calculator.defaults).toEqual({ loanAmount: 30000, useCarPrice: true, termYears: 5, deposit: 0, residual: 0, frequency: "weekly" });
    expect(s.calculator.quickPicks).toEqual([5000, 10000, 15000, 20000, 30000, 40000, 50000, 70000]);
    expect(s.calculator.disclaimerTruncateAt).toBe(197);
    expect(s.quote).toEqual({ adapter: "embedded", timeoutMs: 5000 });
    expect(s.providers[0]).toEqual({
      id: "a",
      name: "A",
      defaultRate: 7,
      fees: { establishment: 0, securityRegistration: 0, monthlyAdmin: 0, dealerAgency: 0, other: [], financed: true },
      rounding: "nearest-cent",
      paymentTiming: "arrears",
      eligibility: { kind: "payment-present", maxAgeYears: 12, minPrice: 500, paymentField: "paymentWeek" },
      disclaimer: schema.$defs.provider.properties.disclaimer.default,
    });
  });
  it("keeps the brand variant's fees", () => {
    expect(resolveProvider(SAMPLE_PROVIDERS.brand).fees).toMatchObject({ establishment: 395, securityRegistration: 6, monthlyAdmin: 8, dealerAgency: 912.25 });
    expect(resolveProvider(SAMPLE_PROVIDERS.prime).fees.establishment).toBe(1300);
    expect(resolveProvider(SAMPLE_PROVIDERS.broker).fees.establishment).toBe(1360.5);
  });
  it("rejects an unknown default provider and an empty list", () => {
    expect(() => resolveFinanceSettings({ defaultProvider: "x", providers: [{ id: "a", name: "A", defaultRate: 7 }] })).toThrow(/defaultProvider/);
    expect(() => resolveFinanceSettings({ providers: [] as unknown as FinanceSettingsSource["providers"] })).toThrow(/at least one/);
    expect(() => resolveFinanceSettings({ providers: [{ id: "a", name: "A", defaultRate: 7, rounding: "down" as "up-cent" }] })).toThrow(
      /finance\.providers\.0\.rounding/,
    );
  });
  it("finds providers by id or the default", () => {
    const s = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);
    expect(providerFor(s).id).toBe("standard");
    expect(providerFor(s, "brand").name).toBe("Brand Financial Services");
    expect(() => providerFor(s, "missing")).toThrow(/Unknown finance provider/);
  });
});
