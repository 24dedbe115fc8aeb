/**
 * The trade-in form's state, without React: its steps, where a plain post or a stored valuation
 * leaves it, which fields each step checks, and the lead body its values make. The component
 * (TradeInClient) holds the state and renders a step component for each phase.
 */
import type { ContactValues } from "@/blocks/shared/forms/Fields";
import { ADJUSTMENT_QUESTIONS_CLIENT } from "../questions";
import type { FieldError } from "@/runtime/field-error";

export interface TradeInValues extends ContactValues {
  rego: string;
  regoState: string;
  "Vehicle Make": string;
  "Vehicle Model": string;
  "Vehicle Year": string;
  kms: number | null;
  [adjustment: `adj_${string}`]: string;
  location_id: string;
  message: string;
  company_url: string;
}

export type Offer =
  { status: "offer"; offer_price: number; range: { low: number; high: number } } | { status: "not-eligible" | "no-estimate"; message: string };

/** A stored valuation as POST /api/valuation answers it (runtime/leads/trade-in-api.ts publicValuation). */
export interface ValuationView {
  id: string;
  step: "condition" | "offer" | "sent";
  make: string;
  model: string;
  year: number;
  kms: number;
  result: Offer | null;
}

/** Where a plain form post (before JavaScript) left the form: the server renders the same step. */
export interface TradeInInitial {
  valuation: ValuationView | null;
  state: {
    lookup?: { rego: string; regoState: string; message: string; vehicle: { make: string; model: string; year: number } | null };
    vehicle?: Record<string, string>;
    contact?: Record<string, string>;
    errors?: { field: string; message: string }[];
  } | null;
  /** This page, to come back to after a plain post. */
  back: string;
}

/** The phases: 0 the car (rego lookup or make, model, year; kilometres), 1 the adjustment questions, 2 the offer and contact details. */
export type Phase = 0 | 1 | 2;
export const PHASES = ["Your Car", "Condition", "Your Details"] as const;
/** The plain form's step names (POST /api/valuation/form), by phase. */
export const STEPS = ["vehicle", "condition", "details"] as const;
export const UNAVAILABLE: Offer = {
  status: "no-estimate",
  message: "Online estimates are unavailable right now. Send us your details and we'll value your car.",
};
export const VEHICLE_FIELDS = ["rego", "regoState", "Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"] as const;
const CONTACT_KEYS: readonly (keyof ContactValues)[] = ["name", "last_name", "email", "phone", "postcode"];

export const adjustmentField = (id: string) => `adj_${id}` as const;

/** A stored valuation's step, or the car when there is none. */
export function initialPhase(initial: TradeInInitial | undefined): Phase {
  const v = initial?.valuation;
  if (!v) return 0;
  return v.step === "condition" ? 1 : 2;
}

/** The form's first values: a stored valuation's car, else a looked-up car, else what a plain post typed. */
export function initialValues(initial: TradeInInitial | undefined): TradeInValues {
  const typed: Record<string, string> = { ...initial?.state?.vehicle, ...initial?.state?.contact };
  const found = initial?.state?.lookup?.vehicle;
  const known = initial?.valuation;
  const typedKms = (typed.kms ?? "").replace(/[^0-9]/g, "");
  const contact = initial?.state?.contact ?? {};
  return {
    rego: initial?.state?.lookup?.rego ?? typed.rego ?? "",
    regoState: initial?.state?.lookup?.regoState ?? typed.regoState ?? "",
    "Vehicle Make": known?.make ?? found?.make ?? typed["Vehicle Make"] ?? "",
    "Vehicle Model": known?.model ?? found?.model ?? typed["Vehicle Model"] ?? "",
    "Vehicle Year": String(known?.year ?? found?.year ?? typed["Vehicle Year"] ?? ""),
    kms: known ? known.kms : typedKms ? Number(typedKms) : null,
    location_id: typed.location_id ?? "",
    ...(Object.fromEntries(CONTACT_KEYS.map((k) => [k, contact[k] ?? ""])) as unknown as ContactValues),
    message: typed.message ?? "",
    company_url: "",
    ...Object.fromEntries(ADJUSTMENT_QUESTIONS_CLIENT.map((q) => [adjustmentField(q.id), ""])),
  };
}

/** The fields a phase checks (null: every field of the form). */
export function stepFields(phase: Phase): readonly string[] | null {
  if (phase === 0) return VEHICLE_FIELDS;
  if (phase === 1) return ADJUSTMENT_QUESTIONS_CLIENT.map((q) => adjustmentField(q.id));
  return null;
}

/** The car's rules the lead schema leaves optional but the valuation needs (the car phase only). */
export function vehicleErrors(v: TradeInValues): FieldError[] {
  const errors: FieldError[] = [];
  if (!v["Vehicle Make"].trim()) errors.push({ field: "Vehicle Make", message: "Please enter the make" });
  if (!v["Vehicle Model"].trim()) errors.push({ field: "Vehicle Model", message: "Please enter the model" });
  if (!/^[0-9]{4}$/.test(v["Vehicle Year"].trim())) errors.push({ field: "Vehicle Year", message: "Please enter a 4-digit year" });
  if (v.kms === null || v.kms === undefined) errors.push({ field: "kms", message: "Please enter the kilometres as a whole number" });
  return errors;
}

/** The answered adjustment questions, by question id. */
export function adjustmentAnswers(v: TradeInValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of ADJUSTMENT_QUESTIONS_CLIENT) if (v[adjustmentField(q.id)]) out[q.id] = v[adjustmentField(q.id)];
  return out;
}

export const normalRego = (rego: string) => rego.replace(/\s+/g, "").toUpperCase();

/** The lead body the values make (blank fields are dropped by the caller); the offer and its acceptance when there is one. */
export function tradeInLead(
  v: TradeInValues,
  o: { variant: "trade-in" | "sell-my-car"; offer: Offer | null; accepted: boolean; location: Record<string, unknown>; carId?: string },
): Record<string, unknown> {
  const year = v["Vehicle Year"].trim();
  const answers = adjustmentAnswers(v);
  return {
    form: o.variant,
    category: o.variant === "sell-my-car" ? "Sell My Car" : "Trade-In",
    rego: normalRego(v.rego),
    regoState: v.regoState,
    "Vehicle Make": v["Vehicle Make"],
    "Vehicle Model": v["Vehicle Model"],
    "Vehicle Year": /^[0-9]{4}$/.test(year) ? Number(year) : year,
    kms: v.kms ?? undefined,
    ...(Object.keys(answers).length ? { adjustmentAnswers: answers } : {}),
    ...(o.offer?.status === "offer" ? { offer_price: o.offer.offer_price, offer_accepted: o.accepted } : {}),
    name: v.name,
    last_name: v.last_name,
    email: v.email,
    phone: v.phone,
    postcode: v.postcode,
    message: v.message,
    ...o.location,
    ...(o.carId ? { car_id: o.carId } : {}),
    source: "website",
  };
}

/** The "vehicle" step's request: the car the server keeps for the valuation. */
export function vehicleRequest(v: TradeInValues): Record<string, unknown> {
  return {
    action: "vehicle",
    rego: normalRego(v.rego) || undefined,
    regoState: v.regoState || undefined,
    make: v["Vehicle Make"].trim(),
    model: v["Vehicle Model"].trim(),
    year: Number(v["Vehicle Year"]),
    kms: v.kms,
  };
}

/** What the car step's answer leads to: errors stay on the car, no valuation or an answer shows the offer, else the questions. */
export function afterVehicle(out: { valuation: ValuationView | null; errors: FieldError[] }): { phase: Phase; offer: Offer | null } | null {
  if (out.errors.length) return null;
  if (!out.valuation) return { phase: 2, offer: UNAVAILABLE }; // the service is down: the details can still be sent
  if (out.valuation.result) return { phase: 2, offer: out.valuation.result };
  return { phase: 1, offer: null };
}

/** Back: from the offer to the questions (the same valuation is asked again); from an answer without questions, or the questions, to the car. */
export function phaseBefore(phase: Phase, valuationId: string | null, offer: Offer | null): Phase {
  return phase === 2 && !!valuationId && offer?.status !== "not-eligible" ? 1 : 0;
}

/** What the rego lookup says, from its answer. */
export function lookupMessage(
  answer: { ok: boolean; vehicle?: { make: string; model: string; year: number } | null; message?: string } | "unavailable",
): string {
  if (answer === "unavailable") return "The rego lookup is unavailable. Please enter your car's make, model and year.";
  if (answer.ok && answer.vehicle) return `Found: ${answer.vehicle.year} ${answer.vehicle.make} ${answer.vehicle.model}. Please check the details below.`;
  return answer.ok ? "We couldn't find that rego. Please enter your car's make, model and year." : (answer.message ?? "Please check the rego and state.");
}

export const money = (n: number) => `$${Math.round(n).toLocaleString("en-AU")}`;
