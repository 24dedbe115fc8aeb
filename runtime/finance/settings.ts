/**
 * The manifest's `finance` section. Its types are generated from
 * schemas/finance-settings.schema.json: `FinanceSettingsSource` is what a manifest may say (most
 * fields optional), `FinanceSettings` the same data with every default of the schema filled in,
 * which is what the engine reads. The defaults live only in the schema: a loaded manifest has
 * them already (the validator fills them); resolveFinanceSettings fills them, with the very same
 * validator, into a section built by hand.
 * Nothing here is keyed by dealer slug: a dealer's behaviour is entirely its manifest data.
 */
import type {
  FinanceSettings as GeneratedFinanceSettings,
  FinanceProvider as GeneratedFinanceProvider,
  InputRules as GeneratedInputRules,
  ResolvedCalculator,
  ResolvedCalculatorDefaults,
  ResolvedEligibilityRule,
  ResolvedFees,
  ResolvedFinanceProvider,
  ResolvedFinanceSettings,
  ResolvedOtherFee,
  ResolvedQuoteCall,
} from "../generated/types";
import { validateFinanceSettings } from "../generated/validate-finance-settings.js";
import { NAMED_CALCULATOR_RATES, ESTABLISHMENT_FEES, BRAND_VARIANT_FEES, PREMIUM_PRICE_QUICK_PICKS } from "./defaults";

// ---------- the section as the engine reads it (defaults filled) ----------

export type FinanceProvider = ResolvedFinanceProvider;
export type ProviderFees = ResolvedFees;
export type OtherFee = ResolvedOtherFee;
export type EligibilityRule = ResolvedEligibilityRule;
export type CalculatorDefaults = ResolvedCalculatorDefaults;
export type CalculatorSettings = ResolvedCalculator;
export type QuoteSettings = ResolvedQuoteCall;
/** The settings with defaults filled, and the default provider chosen (the first when the manifest names none). */
export type FinanceSettings = ResolvedFinanceSettings & { defaultProvider: string };

export type Frequency = CalculatorDefaults["frequency"];
/** How the regular repayment is rounded: to the cent or dollar, to nearest or always up. */
export type RoundingMode = FinanceProvider["rounding"];
/** Arrears: first payment one period after settlement. Advance: first payment at settlement. */
export type PaymentTiming = FinanceProvider["paymentTiming"];
/** recent-vehicle: age, price, availability and comparison rate; payment-present: price, availability and a payment value. */
export type EligibilityKind = EligibilityRule["kind"];
export type PaymentField = EligibilityRule["paymentField"];
export type QuoteAdapterKind = QuoteSettings["adapter"];

// ---------- the section as a manifest states it ----------

export type FinanceSettingsSource = GeneratedFinanceSettings;
export type FinanceProviderSource = GeneratedFinanceProvider;
/** One layer of input rules (provider or site): every field optional, unset ones fall through. */
export type InputRulesOverride = GeneratedInputRules;

// ---------- input rules after every layer (runtime/finance/input-rules.ts) ----------

type Layer = Required<GeneratedInputRules>;
export type PriceInputRule = Required<Omit<Layer["price"], "carPriceMax">> & Pick<Layer["price"], "carPriceMax">;
export type TermInputRule = Required<Omit<Layer["term"], "options">> & Pick<Layer["term"], "options">;
export type RateInputRule = Required<Layer["rate"]>;
export type AmountInputRule = Required<Layer["deposit"]>;
export interface InputRules {
  price: PriceInputRule;
  term: TermInputRule;
  rate: RateInputRule;
  deposit: AmountInputRule;
  residual: AmountInputRule;
}

/** The values a calculator panel holds. */
export interface CalculatorValues {
  price: number;
  termYears: number;
  rate: number;
  deposit: number;
  residual: number;
  frequency: Frequency;
}

/**
 * The section with every default of the schema filled in and the default provider chosen.
 * Throws when the section breaks the schema (a loaded manifest never does) or names a default
 * provider that is not among its providers (the manifest validator reports the same).
 */
export function resolveFinanceSettings(src: FinanceSettingsSource): FinanceSettings {
  // A manifest's section is read on every page that shows finance: resolve it once.
  const known = resolvedSections.get(src);
  if (known) return known;
  const filled = structuredClone(src);
  if (!validateFinanceSettings(filled)) {
    const e = validateFinanceSettings.errors?.[0];
    const where = e?.instancePath ? `finance${e.instancePath.replace(/\//g, ".")}` : "finance";
    throw new Error(
      e?.keyword === "minItems" && e.instancePath === "/providers"
        ? "finance.providers must list at least one provider"
        : `${where} ${e?.message ?? "is invalid"}`,
    );
  }
  const resolved = filled as ResolvedFinanceSettings;
  const defaultProvider = resolved.defaultProvider ?? resolved.providers[0].id;
  if (!resolved.providers.some((p) => p.id === defaultProvider))
    throw new Error(`finance.defaultProvider "${defaultProvider}" is not one of finance.providers`);
  const settings = { ...resolved, defaultProvider };
  resolvedSections.set(src, settings);
  return settings;
}

const resolvedSections = new WeakMap<FinanceSettingsSource, FinanceSettings>();

/** One provider with the schema's defaults filled in. */
export function resolveProvider(src: FinanceProviderSource): FinanceProvider {
  return resolveFinanceSettings({ providers: [src] }).providers[0];
}

/** The provider by id, or the site default; throws for an unknown id so a typo in config is loud. */
export function providerFor(settings: FinanceSettings, providerId?: string): FinanceProvider {
  const id = providerId ?? settings.defaultProvider;
  const p = settings.providers.find((x) => x.id === id);
  if (!p) throw new Error(`Unknown finance provider "${id}"`);
  return p;
}

/**
 * Provider presets covering every variant the spec describes, as manifest data. Used by tests
 * and as copy-paste starting points for manifests; nothing selects them by dealer slug.
 */
export const SAMPLE_PROVIDERS = {
  /** Default ranges, no fees, nearest cent, payment-present rule, the default disclaimer. */
  standard: {
    id: "standard",
    name: "Standard Finance",
    defaultRate: NAMED_CALCULATOR_RATES.standard,
  },
  /** $1,300 establishment, rates 7.5–14.5, minimum loan 5000, rounded up, recent-vehicle rule. */
  prime: {
    id: "prime",
    name: "Prime Motor Finance",
    defaultRate: NAMED_CALCULATOR_RATES.alternate,
    fees: { establishment: ESTABLISHMENT_FEES.providerA, financed: true },
    rounding: "up-cent",
    eligibility: { kind: "recent-vehicle", maxAgeYears: 12, minPrice: 500 },
    inputs: { price: { min: 5000 }, rate: { min: 7.5, max: 14.5 } },
    disclaimer:
      "*Comparison rate based on a secured loan of $30,000 over 5 years. Prime Motor Finance fees apply: establishment fee $1,300. Repayments are rounded up to the nearest cent. Subject to credit approval; terms and conditions apply.",
  },
  /** Rates 1–14.5 and a five-year term maximum. */
  flexi: {
    id: "flexi",
    name: "Flexi Car Loans",
    defaultRate: 6.99,
    inputs: { rate: { min: 1, max: 14.5 }, term: { max: 5 } },
    disclaimer: "Flexi Car Loans: rates from 1% p.a. Terms up to 5 years. Comparison rate based on a secured loan of $30,000 over 5 years.",
  },
  /** $1,360.50 establishment paid upfront, rates 9.95–19.95, payments in advance. */
  broker: {
    id: "broker",
    name: "Broker Plus",
    defaultRate: 12.95,
    fees: { establishment: ESTABLISHMENT_FEES.providerB, financed: false },
    paymentTiming: "advance",
    inputs: { rate: { min: 9.95, max: 19.95 } },
    disclaimer: "Broker Plus: establishment fee $1,360.50 payable at settlement. Repayments are made in advance.",
  },
  /** The brand variant: 4–20, the published fee list, minimum 5000, premium price cap of 105% above 100000, residual hidden. */
  brand: {
    id: "brand",
    name: "Brand Financial Services",
    defaultRate: 9.99,
    fees: { ...BRAND_VARIANT_FEES, financed: true },
    inputs: {
      price: { min: 5000, carPriceMax: { above: 100000, percent: 105 } },
      rate: { min: 4, max: 20 },
      residual: { hidden: true },
    },
    disclaimer:
      "Brand Financial Services: establishment fee $395, security registration $6, monthly account fee $8, dealer agency fee $912.25. Comparison rate based on a secured loan of $30,000 over 5 years.",
  },
} satisfies Record<string, FinanceProviderSource>;

/** A site with every sample provider and the schema's calculator defaults; the calculator uses the standard one. */
export const SAMPLE_FINANCE_SETTINGS: FinanceSettingsSource = {
  defaultProvider: "standard",
  providers: [SAMPLE_PROVIDERS.standard, SAMPLE_PROVIDERS.prime, SAMPLE_PROVIDERS.flexi, SAMPLE_PROVIDERS.broker, SAMPLE_PROVIDERS.brand],
};

/**
 * The premium brand group: 300k–800k quick picks, rate locked at 8.5, six-year default term.
 * The spec gives no price maximum for this group; 800000 keeps every quick pick in range.
 */
export const SAMPLE_PREMIUM_SETTINGS: FinanceSettingsSource = {
  defaultProvider: "brand",
  providers: [SAMPLE_PROVIDERS.brand],
  calculator: {
    defaults: { termYears: 6, rate: NAMED_CALCULATOR_RATES.alternate },
    inputs: { price: { max: 800000 }, rate: { locked: true } },
    quickPicks: [...PREMIUM_PRICE_QUICK_PICKS],
  },
};
