/**
 * The manifest's `finance` section. Two layers:
 *  - `FinanceSettingsSource` and friends mirror schemas/finance-settings.schema.json by hand
 *    (what a manifest may say; most fields optional). The integrator will swap these for the
 *    generated types.
 *  - `FinanceSettings` is the same data with every default filled in (resolveFinanceSettings),
 *    which is what the engine reads, so no module has to repeat a fallback.
 * Nothing here is keyed by dealer slug: a dealer's behaviour is entirely its manifest data.
 */
import {
  DEFAULT_DEPOSIT,
  DEFAULT_FREQUENCY,
  DEFAULT_LOAN_AMOUNT,
  DEFAULT_RESIDUAL,
  DEFAULT_TERM_YEARS,
  DISCLAIMER_TRUNCATE_AT,
  PRICE_QUICK_PICKS,
  PREMIUM_PRICE_QUICK_PICKS,
  ESTABLISHMENT_FEES,
  BRAND_VARIANT_FEES,
  NAMED_CALCULATOR_RATES,
} from "./defaults";

export type Frequency = "weekly" | "fortnightly" | "monthly";
/** How the regular repayment is rounded: to the cent or dollar, to nearest or always up. */
export type RoundingMode = "nearest-cent" | "up-cent" | "nearest-dollar" | "up-dollar";
/** Arrears: first payment one period after settlement. Advance: first payment at settlement. */
export type PaymentTiming = "arrears" | "advance";
/** recent-vehicle: age, price, availability and comparison rate; payment-present: price, availability and a payment value. */
export type EligibilityKind = "recent-vehicle" | "payment-present";
export type PaymentField = "paymentWeek" | "paymentFortnight" | "paymentMonth";
export type QuoteAdapterKind = "embedded" | "remote";

// ---------- input rules (spec §5) ----------

export interface PriceInputRule {
  min: number;
  max: number;
  step: number;
  /** "105% of the car price when the price is above 100000": when set and the car costs more than `above`, max becomes price × percent / 100. */
  carPriceMax?: { above: number; percent: number };
}
export interface TermInputRule {
  /** Years. */
  min: number;
  max: number;
  step: number;
  /** A custom list of year increments replaces min/max/step when present. */
  options?: number[];
}
export interface RateInputRule {
  min: number;
  max: number;
  step: number;
  /** Shown but not editable. */
  locked: boolean;
  hidden: boolean;
}
export interface AmountInputRule {
  min: number;
  max: number;
  step: number;
  hidden: boolean;
}
export interface InputRules {
  price: PriceInputRule;
  term: TermInputRule;
  rate: RateInputRule;
  deposit: AmountInputRule;
  residual: AmountInputRule;
}
export type InputRulesOverride = { [K in keyof InputRules]?: Partial<InputRules[K]> };

// ---------- providers ----------

export interface OtherFee {
  name: string;
  amount: number;
  /** upfront: once at settlement; monthly: every month of the term. */
  frequency: "upfront" | "monthly";
  /** Government fees and charges are excluded from the comparison rate (NCCP Regulations reg 100, definition of Cj). */
  government: boolean;
}
export interface ProviderFees {
  establishment: number;
  /** PPSR registration: a government charge, so not part of the comparison rate. */
  securityRegistration: number;
  monthlyAdmin: number;
  dealerAgency: number;
  other: OtherFee[];
  /** Upfront fees are added to the loan (true) or paid at settlement (false). */
  financed: boolean;
}
export interface EligibilityRule {
  kind: EligibilityKind;
  /** recent-vehicle: year must be newer than current year minus this. */
  maxAgeYears: number;
  /** The price must be above this. */
  minPrice: number;
  /** payment-present: which lender-data payment must exist. */
  paymentField: PaymentField;
}
export interface FinanceProvider {
  id: string;
  name: string;
  defaultRate: number;
  /** The provider's published comparison rate; when null the engine computes the benchmark one from the fees. */
  comparisonRate: number | null;
  fees: ProviderFees;
  rounding: RoundingMode;
  paymentTiming: PaymentTiming;
  eligibility: EligibilityRule;
  inputs: InputRulesOverride;
  disclaimer: string;
}

export interface CalculatorDefaults {
  loanAmount: number;
  /** Start from the car's price when the calculator sits on a vehicle page. */
  useCarPrice: boolean;
  termYears: number;
  /** Overrides the provider's default rate for this site's calculator (10 and 8.5 in the two named calculators). */
  rate?: number;
  deposit: number;
  residual: number;
  frequency: Frequency;
}
export interface CalculatorSettings {
  defaults: CalculatorDefaults;
  /** Site-level input rules; they win over the provider's. */
  inputs: InputRulesOverride;
  quickPicks: number[];
  disclaimerTruncateAt: number;
}
export interface QuoteSettings {
  adapter: QuoteAdapterKind;
  /** Remote adapter: the provider API base URL (the adapter POSTs to {baseUrl}/quote). */
  baseUrl?: string;
  timeoutMs: number;
  /** Provider whose rates the embedded adapter uses; the site default when absent. */
  providerId?: string;
}
export interface FinanceSettings {
  defaultProvider: string;
  providers: FinanceProvider[];
  calculator: CalculatorSettings;
  quote: QuoteSettings;
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

// ---------- manifest (source) shapes: every default may be left out ----------

export type FinanceProviderSource = Pick<FinanceProvider, "id" | "name" | "defaultRate"> & {
  comparisonRate?: number | null;
  fees?: Partial<Omit<ProviderFees, "other">> & { other?: Array<Pick<OtherFee, "name" | "amount"> & Partial<OtherFee>> };
  rounding?: RoundingMode;
  paymentTiming?: PaymentTiming;
  eligibility?: Partial<EligibilityRule>;
  inputs?: InputRulesOverride;
  disclaimer?: string;
};
export interface FinanceSettingsSource {
  defaultProvider?: string;
  providers: FinanceProviderSource[];
  calculator?: {
    defaults?: Partial<CalculatorDefaults>;
    inputs?: InputRulesOverride;
    quickPicks?: number[];
    disclaimerTruncateAt?: number;
  };
  quote?: Partial<QuoteSettings>;
}

export const DEFAULT_DISCLAIMER =
  "Repayments are estimates only and are based on the details entered. They do not constitute a quote or an offer of finance. Fees, charges and lending criteria apply; approval is subject to the lender's credit assessment.";

export function resolveProvider(src: FinanceProviderSource): FinanceProvider {
  const fees = src.fees ?? {};
  return {
    id: src.id,
    name: src.name,
    defaultRate: src.defaultRate,
    comparisonRate: src.comparisonRate ?? null,
    fees: {
      establishment: fees.establishment ?? 0,
      securityRegistration: fees.securityRegistration ?? 0,
      monthlyAdmin: fees.monthlyAdmin ?? 0,
      dealerAgency: fees.dealerAgency ?? 0,
      other: (fees.other ?? []).map((f) => ({ name: f.name, amount: f.amount, frequency: f.frequency ?? "upfront", government: f.government ?? false })),
      financed: fees.financed ?? true,
    },
    rounding: src.rounding ?? "nearest-cent",
    paymentTiming: src.paymentTiming ?? "arrears",
    eligibility: {
      kind: src.eligibility?.kind ?? "payment-present",
      maxAgeYears: src.eligibility?.maxAgeYears ?? 12,
      minPrice: src.eligibility?.minPrice ?? 500,
      paymentField: src.eligibility?.paymentField ?? "paymentWeek",
    },
    inputs: src.inputs ?? {},
    disclaimer: src.disclaimer ?? DEFAULT_DISCLAIMER,
  };
}

/** Fills every default. Throws when the default provider is not among the providers (the manifest validator reports the same). */
export function resolveFinanceSettings(src: FinanceSettingsSource): FinanceSettings {
  if (!src.providers || src.providers.length === 0) throw new Error("finance.providers must list at least one provider");
  const providers = src.providers.map(resolveProvider);
  const defaultProvider = src.defaultProvider ?? providers[0].id;
  if (!providers.some((p) => p.id === defaultProvider)) throw new Error(`finance.defaultProvider "${defaultProvider}" is not one of finance.providers`);
  const c = src.calculator ?? {};
  const d = c.defaults ?? {};
  return {
    defaultProvider,
    providers,
    calculator: {
      defaults: {
        loanAmount: d.loanAmount ?? DEFAULT_LOAN_AMOUNT,
        useCarPrice: d.useCarPrice ?? true,
        termYears: d.termYears ?? DEFAULT_TERM_YEARS,
        ...(d.rate !== undefined ? { rate: d.rate } : {}),
        deposit: d.deposit ?? DEFAULT_DEPOSIT,
        residual: d.residual ?? DEFAULT_RESIDUAL,
        frequency: d.frequency ?? DEFAULT_FREQUENCY,
      },
      inputs: c.inputs ?? {},
      quickPicks: c.quickPicks ?? [...PRICE_QUICK_PICKS],
      disclaimerTruncateAt: c.disclaimerTruncateAt ?? DISCLAIMER_TRUNCATE_AT,
    },
    quote: {
      adapter: src.quote?.adapter ?? "embedded",
      ...(src.quote?.baseUrl !== undefined ? { baseUrl: src.quote.baseUrl } : {}),
      timeoutMs: src.quote?.timeoutMs ?? 5000,
      ...(src.quote?.providerId !== undefined ? { providerId: src.quote.providerId } : {}),
    },
  };
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
  /** Default ranges, no fees, nearest cent, payment-present rule. */
  standard: {
    id: "standard",
    name: "Standard Finance",
    defaultRate: NAMED_CALCULATOR_RATES.standard,
    comparisonRate: null,
    disclaimer: DEFAULT_DISCLAIMER,
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
    comparisonRate: 7.45,
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

/** A site with every sample provider; the calculator uses the standard one by default. */
export const SAMPLE_FINANCE_SETTINGS: FinanceSettingsSource = {
  defaultProvider: "standard",
  providers: Object.values(SAMPLE_PROVIDERS),
  calculator: { defaults: { termYears: DEFAULT_TERM_YEARS }, quickPicks: [...PRICE_QUICK_PICKS], disclaimerTruncateAt: DISCLAIMER_TRUNCATE_AT },
  quote: { adapter: "embedded", timeoutMs: 5000 },
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
