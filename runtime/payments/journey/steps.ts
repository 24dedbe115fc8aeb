/**
 * The checkout journey's step machine and validation (pure: no database, no clock of its own, no
 * React). The page (blocks/checkout-journey) and the form endpoint (purposes/journey-deposit.ts) both go through
 * it, so what the page offers and what the server accepts cannot drift apart.
 *
 * Steps, in order: contact → delivery (or pickup at a location) → trade-in → finance → deposit →
 * summary. A step can be entered once every step before it is complete; a reload shows the step
 * the shopper was on (kept server side), or the first incomplete one before it.
 */
import { normaliseEmail, normaliseMobile } from "@/runtime/accounts/recipient";
import type { CalculatorValues, FinanceSettings } from "@/runtime/finance/settings";
import { FREQUENCIES } from "@/runtime/finance/repayment";
import { calculate } from "@/runtime/finance/calculator";
import { calculatorDefaults } from "@/runtime/finance/defaults";
import { clampInput } from "@/runtime/finance/input-rules";
import type { FieldError } from "@/runtime/field-error";

export const STEPS = ["contact", "delivery", "trade-in", "finance", "deposit", "summary"] as const;
export type Step = (typeof STEPS)[number];

export const STEP_TITLES: Record<Step, string> = {
  contact: "Your details",
  delivery: "Delivery or pickup",
  "trade-in": "Trade-in",
  finance: "Finance",
  deposit: "Deposit",
  summary: "Summary",
};

export const isStep = (v: unknown): v is Step => typeof v === "string" && (STEPS as readonly string[]).includes(v);

export const AU_STATES = ["QLD", "NSW", "VIC", "TAS", "SA", "WA", "NT", "ACT"] as const;

/** The messages shown at a field (spec wording where the spec has one). */
export const MESSAGES = {
  name: "Please enter your first name",
  last_name: "Please enter your last name",
  email: "Please enter a valid email address",
  phone: "Please enter an Australian mobile number (04xx xxx xxx)",
  postcode: "Invalid postcode. Please enter a 4-digit number.",
  method: "Please choose delivery or pickup",
  location: "*Please select a dealership location",
  street: "Please enter the street address",
  suburb: "Please enter the suburb",
  state: "Please select a state",
  hasTradeIn: "Please tell us whether you have a car to trade in",
  rego: "Please enter a valid rego",
  regoState: "Please select a state",
  kms: "Please enter the kilometres as a whole number",
  regoNotFound: "We couldn't find that registration. Check the rego and state.",
  payMethod: "Please choose how you will pay",
  terms: "Please accept the terms",
} as const;

export interface ContactAnswers {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

export type DeliveryAnswers =
  { method: "pickup"; locationId: number; locationName: string } | { method: "delivery"; street: string; suburb: string; state: string; postcode: string };

export interface TradeInVehicle {
  make: string;
  model: string;
  year: number;
  badge?: string;
}

/** The valuation helper's answer as the journey keeps it. */
export type TradeInValuation = { status: "offer"; offerPrice: number; low: number; high: number } | { status: "not-eligible" | "no-estimate"; message: string };

export type TradeInAnswers =
  | { has: false }
  | {
      has: true;
      rego: string;
      regoState: string;
      kms: number;
      adjustmentAnswers: Record<string, string>;
      vehicle: TradeInVehicle;
      valuation: TradeInValuation;
    };

export type FinanceAnswers =
  | { method: "cash" }
  | (CalculatorValues & {
      method: "finance";
      /** The repayment at these figures (the calculator's own sum), or null when it reads 'Enquire for Finance'. */
      payment: number | null;
    });

export interface JourneyAnswers {
  contact?: ContactAnswers;
  delivery?: DeliveryAnswers;
  tradeIn?: TradeInAnswers;
  finance?: FinanceAnswers;
  /** The calculator's figures the link into the journey carried (figures only), for the finance step's start. */
  carried?: Partial<Record<"term" | "rate" | "deposit" | "residual" | "frequency", string>>;
  /** The Stripe deposit payment started on the deposit step (our payment row's id): its reservation is this journey's once paid. */
  depositPayment?: string;
}

export interface JourneyState {
  /** The step the shopper is on (saved with every post). */
  step: Step;
  answers: JourneyAnswers;
  /** Set once the deposit is paid (the reservation service made it). */
  reservationId: string | null;
  submitted: boolean;
}

export const emptyJourney = (): JourneyState => ({ step: "contact", answers: {}, reservationId: null, submitted: false });

export function stepIndex(step: Step): number {
  return STEPS.indexOf(step);
}

export function nextStep(step: Step): Step {
  return STEPS[Math.min(stepIndex(step) + 1, STEPS.length - 1)]!;
}

export function prevStep(step: Step): Step {
  return STEPS[Math.max(stepIndex(step) - 1, 0)]!;
}

/** Whether a step's answer is in. */
export function isComplete(state: JourneyState, step: Step): boolean {
  switch (step) {
    case "contact":
      return !!state.answers.contact;
    case "delivery":
      return !!state.answers.delivery;
    case "trade-in":
      return !!state.answers.tradeIn;
    case "finance":
      return !!state.answers.finance;
    case "deposit":
      return state.reservationId !== null;
    case "summary":
      return state.submitted;
  }
}

/** The furthest step the shopper may open: the first one not complete (the summary once all are). */
export function reachedStep(state: JourneyState): Step {
  return STEPS.find((s) => !isComplete(state, s)) ?? "summary";
}

export function canEnter(state: JourneyState, step: Step): boolean {
  return stepIndex(step) <= stepIndex(reachedStep(state));
}

/**
 * The step to show: the one asked for (a 'Change' link), else the saved one, as long as every
 * step before it is complete; otherwise the furthest reachable. After the deposit, the deposit
 * step itself is never shown again (no second payment): its place is the summary.
 */
export function currentStep(state: JourneyState, requested?: string | null): Step {
  let step: Step = isStep(requested) && canEnter(state, requested) ? requested : canEnter(state, state.step) ? state.step : reachedStep(state);
  if (step === "deposit" && state.reservationId !== null) step = "summary";
  return step;
}

/** A step's answer taken: the state moves on to the next step. */
export function advance(state: JourneyState, step: Step, answers: Partial<JourneyAnswers>): JourneyState {
  return { ...state, answers: { ...state.answers, ...answers }, step: nextStep(step) };
}

/** Back: the step before (answers kept as they were). */
export function goBack(state: JourneyState, step: Step): JourneyState {
  const prev = prevStep(step);
  // Never back onto a paid deposit: the step before it.
  return { ...state, step: prev === "deposit" && state.reservationId !== null ? "finance" : prev };
}

// ---------------------------------------------------------------------------------------------
// Validation: each takes the posted form as a getter and gives the answer or the fields at fault.

export type Get = (name: string) => string;
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[]; typed: Record<string, string> };

const POSTCODE = /^[0-9]{4}$/;
const trimmed = (get: Get, k: string, max = 200) => get(k).trim().slice(0, max);

export function validateContact(get: Get): Checked<ContactAnswers> {
  const typed = {
    name: trimmed(get, "name"),
    last_name: trimmed(get, "last_name"),
    email: trimmed(get, "email"),
    phone: trimmed(get, "phone"),
    postcode: trimmed(get, "postcode"),
  };
  const errors: FieldError[] = [];
  if (!typed.name || typed.name.length > 60) errors.push({ field: "name", message: MESSAGES.name });
  if (!typed.last_name || typed.last_name.length > 60) errors.push({ field: "last_name", message: MESSAGES.last_name });
  const email = normaliseEmail(typed.email);
  if (!email) errors.push({ field: "email", message: MESSAGES.email });
  const phone = normaliseMobile(typed.phone);
  if (!phone) errors.push({ field: "phone", message: MESSAGES.phone });
  if (!POSTCODE.test(typed.postcode)) errors.push({ field: "postcode", message: MESSAGES.postcode });
  if (errors.length) return { ok: false, errors, typed };
  return { ok: true, value: { ...typed, email: email!, phone: phone! } };
}

export interface PickupLocation {
  id: number;
  name: string;
}

export function validateDelivery(get: Get, locations: readonly PickupLocation[]): Checked<DeliveryAnswers> {
  const method = get("method");
  const typed = {
    method,
    location: get("location"),
    street: trimmed(get, "street"),
    suburb: trimmed(get, "suburb"),
    state: get("state").trim().toUpperCase(),
    postcode: trimmed(get, "postcode"),
  };
  if (method === "pickup") {
    // The only location is chosen for the shopper: a single option needs no choice.
    const id = locations.length === 1 && !typed.location ? locations[0]!.id : Number(typed.location);
    const hit = locations.find((l) => l.id === id);
    if (!hit) return { ok: false, errors: [{ field: "location", message: MESSAGES.location }], typed };
    return { ok: true, value: { method: "pickup", locationId: hit.id, locationName: hit.name } };
  }
  if (method === "delivery") {
    const errors: FieldError[] = [];
    if (!typed.street) errors.push({ field: "street", message: MESSAGES.street });
    if (!typed.suburb) errors.push({ field: "suburb", message: MESSAGES.suburb });
    if (!(AU_STATES as readonly string[]).includes(typed.state)) errors.push({ field: "state", message: MESSAGES.state });
    if (!POSTCODE.test(typed.postcode)) errors.push({ field: "postcode", message: MESSAGES.postcode });
    if (errors.length) return { ok: false, errors, typed };
    return { ok: true, value: { method: "delivery", street: typed.street, suburb: typed.suburb, state: typed.state, postcode: typed.postcode } };
  }
  return { ok: false, errors: [{ field: "method", message: MESSAGES.method }], typed };
}

/** What the trade-in step needs before the valuation helper is asked (the rego lookup and offer are the server's). */
export interface TradeInRequest {
  rego: string;
  regoState: string;
  kms: number;
  adjustmentAnswers: Record<string, string>;
}

export function validateTradeIn(
  get: Get,
  questions: readonly { id: string; options: readonly string[] }[],
): { ok: true; value: { has: false } | ({ has: true } & TradeInRequest) } | { ok: false; errors: FieldError[]; typed: Record<string, string> } {
  const has = get("has_trade_in");
  const typed: Record<string, string> = { has_trade_in: has, rego: trimmed(get, "rego", 20), regoState: get("regoState"), kms: trimmed(get, "kms", 20) };
  for (const q of questions) typed[`q_${q.id}`] = get(`q_${q.id}`);
  if (has === "no") return { ok: true, value: { has: false } };
  if (has !== "yes") return { ok: false, errors: [{ field: "has_trade_in", message: MESSAGES.hasTradeIn }], typed };
  const errors: FieldError[] = [];
  const rego = typed.rego!.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z0-9]{1,9}$/.test(rego)) errors.push({ field: "rego", message: MESSAGES.rego });
  const regoState = typed.regoState!.toUpperCase();
  if (!(AU_STATES as readonly string[]).includes(regoState)) errors.push({ field: "regoState", message: MESSAGES.regoState });
  const kmsText = typed.kms!.replace(/[,\s]|kms?$/gi, "");
  const kms = /^[0-9]{1,7}$/.test(kmsText) ? Number(kmsText) : NaN;
  if (!Number.isInteger(kms)) errors.push({ field: "kms", message: MESSAGES.kms });
  const adjustmentAnswers: Record<string, string> = {};
  for (const q of questions) {
    const a = get(`q_${q.id}`);
    adjustmentAnswers[q.id] = q.options.includes(a) ? a : q.options[0]!;
  }
  if (errors.length) return { ok: false, errors, typed };
  return { ok: true, value: { has: true, rego, regoState, kms, adjustmentAnswers } };
}

// ---------------------------------------------------------------------------------------------
// Finance: the calculator's figures carried over.

/** Reads a number as the calculator's inputs write it ('$5,000', '5000', '5.5'). */
export function numberInput(raw: string | undefined | null): number | null {
  if (raw == null) return null;
  const s = raw.replace(/[$,\s]/g, "");
  if (!/^[0-9]+(\.[0-9]+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * The finance step's starting figures: the car's price, the dealer's calculator defaults, then
 * whatever the finance calculator carried in the link (`term`, `rate`, `deposit`, `residual`,
 * `frequency`: the calculator panel's own inputs), each clamped into the provider's range.
 * A trade-in offer is suggested as the deposit when the link carried none (at most the price less the
 * smallest loan).
 */
export function financeStart(
  settings: FinanceSettings,
  carPrice: number,
  carried: Record<string, string | undefined>,
  tradeInOffer: number | null = null,
): CalculatorValues {
  const start = calculatorDefaults(settings, { carPrice });
  const { ranges } = calculate(settings, start, { carPrice });
  const pick = (k: string, range: (typeof ranges)["term"], fallback: number) => {
    const n = numberInput(carried[k]);
    return n === null ? fallback : clampInput(n, range);
  };
  const frequency = FREQUENCIES.find((f) => f === carried.frequency) ?? start.frequency;
  const depositCarried = numberInput(carried.deposit);
  return {
    price: carPrice,
    termYears: pick("term", ranges.term, start.termYears),
    rate: ranges.rate.locked ? start.rate : pick("rate", ranges.rate, start.rate),
    deposit:
      depositCarried !== null
        ? clampInput(depositCarried, ranges.deposit)
        : tradeInOffer !== null && tradeInOffer > 0
          ? // Never more than leaves the smallest loan the provider writes: a trade-in worth the whole car needs no finance.
            clampInput(Math.min(tradeInOffer, Math.max(0, carPrice - ranges.price.min)), ranges.deposit)
          : start.deposit,
    residual: ranges.residual.hidden ? 0 : pick("residual", ranges.residual, start.residual),
    frequency,
  };
}

/** The finance-carrying query parameters the page keeps (figures only: never personal data). */
export const CARRIED_FINANCE_PARAMS = ["term", "rate", "deposit", "residual", "frequency"] as const;

export function validateFinance(get: Get, settings: FinanceSettings | null, carPrice: number): Checked<FinanceAnswers> {
  const method = get("pay_method");
  const typed: Record<string, string> = {
    pay_method: method,
    term: get("term"),
    deposit: get("deposit"),
    frequency: get("frequency"),
    residual: get("residual"),
  };
  if (method === "cash" || (method === "finance" && !settings)) return { ok: true, value: { method: "cash" } };
  if (method !== "finance") return { ok: false, errors: [{ field: "pay_method", message: MESSAGES.payMethod }], typed };
  const start = calculatorDefaults(settings!, { carPrice });
  const out0 = calculate(settings!, start, { carPrice });
  const errors: FieldError[] = [];
  const read = (k: string, range: (typeof out0.ranges)["term"], fallback: number) => {
    if (range.hidden || range.locked) return fallback;
    const n = numberInput(get(k));
    const bad = n === null || n < range.min || n > range.max || (range.options?.length ? !range.options.includes(n) : false);
    if (bad) errors.push({ field: k, message: `Cannot be less than ${range.min} or more than ${range.max}` });
    return n ?? fallback;
  };
  const termYears = read("term", out0.ranges.term, start.termYears);
  const deposit = read("deposit", out0.ranges.deposit, start.deposit);
  // A residual left blank is none (it is optional on the calculator too).
  const residual = out0.ranges.residual.hidden || get("residual").trim() === "" ? 0 : read("residual", out0.ranges.residual, start.residual);
  const rate = out0.ranges.rate.locked ? start.rate : (numberInput(get("rate")) ?? start.rate);
  const frequency = FREQUENCIES.find((f) => f === get("frequency"));
  if (!frequency) errors.push({ field: "frequency", message: "Please choose how often you repay" });
  if (deposit >= carPrice && Number.isFinite(carPrice)) errors.push({ field: "deposit", message: "The deposit must be less than the price" });
  if (errors.length) return { ok: false, errors, typed };
  const out = calculate(
    settings!,
    { price: carPrice, termYears, rate: clampInput(rate, out0.ranges.rate), deposit, residual, frequency: frequency! },
    { carPrice },
  );
  return {
    ok: true,
    value: {
      method: "finance",
      price: carPrice,
      termYears: out.used.termYears,
      rate: out.used.rate,
      deposit: out.used.deposit,
      residual: out.used.residual,
      frequency: out.used.frequency,
      payment: out.result && !out.display.enquire ? out.result.payment : null,
    },
  };
}

export function validateSummary(get: Get): Checked<true> {
  if (get("terms") !== "yes") return { ok: false, errors: [{ field: "terms", message: MESSAGES.terms }], typed: {} };
  return { ok: true, value: true };
}

/** The trade-in answer from the valuation helper's result (a rego not on the register is the caller's field error). */
export function tradeInValuation(
  result: { status: "offer"; offer_price: number; range: { low: number; high: number } } | { status: "not-eligible" | "no-estimate"; message: string },
): TradeInValuation {
  return result.status === "offer"
    ? { status: "offer", offerPrice: result.offer_price, low: result.range.low, high: result.range.high }
    : { status: result.status, message: result.message };
}

/** The calculator's figures a link carried in (`?term=&rate=&deposit=&residual=&frequency=`), kept only when they read as figures. */
export function carriedFinance(get: (name: string) => string | undefined): Partial<Record<(typeof CARRIED_FINANCE_PARAMS)[number], string>> {
  const out: Partial<Record<(typeof CARRIED_FINANCE_PARAMS)[number], string>> = {};
  for (const k of CARRIED_FINANCE_PARAMS) {
    const v = (get(k) ?? "").trim().slice(0, 20);
    if (k === "frequency" ? (FREQUENCIES as readonly string[]).includes(v) : numberInput(v) !== null) out[k] = v;
  }
  return out;
}
