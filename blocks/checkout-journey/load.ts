import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import type { ResolvedCheckoutJourneyProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { getDb } from "@/runtime/db";
import { carTitle } from "@/runtime/cars/availability";
import { calculate, type CalculatorOutput } from "@/runtime/finance/calculator";
import { ADJUSTMENT_QUESTIONS, REGO_STATES } from "@/runtime/leads/valuation";
import { depositCents, effectiveStatus, isActive, reservationSettings } from "@/runtime/reservations/rules";
import { reservationById } from "@/runtime/reservations/store";
import { siteTimeZone } from "@/runtime/time";
import { journeyAvailability, journeyCar, journeyFinanceSettings, pickupLocations, type JourneyAvailability } from "@/runtime/payments/journey/car";
import { carriedFinance, currentStep, financeStart, reachedStep, type JourneyState, type PickupLocation, type Step } from "@/runtime/payments/journey/steps";
import {
  accountContact,
  JOURNEY_COOKIE,
  linkPaidDeposit,
  loadJourney,
  stateOf,
  type ContactPrefill,
  type JourneyDraft,
} from "@/runtime/payments/journey/store";
import { paymentPage, type PaymentPage } from "@/runtime/payments/registry";
import { currentAccount } from "@/runtime/accounts/current";
import { listsTestCards } from "@/blocks/shared/payments/form-state";

export interface JourneyReservation {
  id: string;
  depositCents: number;
  expiresAt: string | null;
  status: string;
}

export interface JourneyData {
  kind: "journey";
  car: { id: string; slug: string; title: string; price: number | null; stocknum: string | null };
  availability: JourneyAvailability;
  state: JourneyState;
  step: Step;
  reached: Step;
  /** What the last refused post of this step held, with the fields at fault. */
  draft: JourneyDraft | null;
  reservation: JourneyReservation | null;
  locations: PickupLocation[];
  questions: { id: string; question: string; options: readonly string[] }[];
  regoStates: readonly string[];
  /** The finance step: null when the site offers no finance (then the step asks cash or contact only). */
  finance: { output: CalculatorOutput; termOptions: number[] } | null;
  /** The link's carried calculator figures, passed on in each step's form. */
  carried: Record<string, string>;
  depositCents: number;
  holdHours: number;
  /** The dealer's zone, in which the hold's end is shown. */
  timeZone: string;
  /** A provider in test mode that takes the card from our form: the page lists its test numbers. */
  testMode: boolean;
  /** The dealer's provider as the page needs it (card entry, test mode, a hosted element's key), or null while none is configured here. */
  payment: PaymentPage | null;
  /** A signed-in shopper's details for the contact step, until they have answered it. */
  prefill: ContactPrefill;
  /** One per page render: a deposit form posted twice with it makes one payment. */
  token: string;
}

export type JourneyLoad = { kind: "choose" } | JourneyData | null;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function termOptions(range: CalculatorOutput["ranges"]["term"]): number[] {
  if (range.options?.length) return range.options;
  const out: number[] = [];
  for (let t = range.min; t <= range.max + 1e-9 && out.length < 40; t += range.step || 1) out.push(Math.round(t * 10) / 10);
  return out;
}

/** The car (a reservation laid over it), this browser's saved journey for it, and what the step shows. */
export async function loadCheckoutJourney(_props: ResolvedCheckoutJourneyProps, site: SiteContext): Promise<JourneyLoad> {
  const q = site.searchParams;
  const carParam = one(q.car_id);
  if (!carParam || !carParam.trim()) return { kind: "choose" };
  const manifest = site.manifest;
  const car = await journeyCar(manifest, carParam);
  if (!car) return null;
  const db = await getDb();
  const row = await loadJourney(db, manifest.slug, (await cookies()).get(JOURNEY_COOKIE)?.value, String(car.id));
  // A Stripe deposit the webhook finished while the shopper was away: shown as paid (saved by the next post).
  const state = await linkPaidDeposit(db, manifest.slug, stateOf(row));
  const step = currentStep(state, one(q.step));

  let reservation: JourneyReservation | null = null;
  let ownActive = false;
  if (state.reservationId) {
    const r = await reservationById(db, state.reservationId, manifest.slug);
    if (r && r.car_id === String(car.id)) {
      ownActive = isActive(r, site.now);
      reservation = {
        id: r.id,
        depositCents: r.deposit_cents,
        expiresAt: r.expires_at === null ? null : new Date(r.expires_at instanceof Date ? r.expires_at.toISOString() : String(r.expires_at)).toISOString(),
        status: effectiveStatus(r, site.now),
      };
    }
  }

  const price = typeof car.price === "number" ? car.price : 0;
  const settings = journeyFinanceSettings(manifest, car, site.now);
  const carried = { ...state.answers.carried, ...carriedFinance((k) => one(q[k])) };
  let finance: JourneyData["finance"] = null;
  if (settings && price > 0) {
    const saved = state.answers.finance;
    const offer = state.answers.tradeIn?.has && state.answers.tradeIn.valuation.status === "offer" ? state.answers.tradeIn.valuation.offerPrice : null;
    const values =
      saved?.method === "finance"
        ? { price, termYears: saved.termYears, rate: saved.rate, deposit: saved.deposit, residual: saved.residual, frequency: saved.frequency }
        : financeStart(settings, price, carried, offer);
    const output = calculate(settings, values, { carPrice: price });
    finance = { output, termOptions: termOptions(output.ranges.term) };
  }
  const rs = reservationSettings(manifest);
  const payment = paymentPage(manifest, db);
  const draft = row?.draft && row.draft.step === step ? row.draft : null;
  const account = step === "contact" && !state.answers.contact && !draft ? await currentAccount(manifest.slug).catch(() => null) : null;
  const prefill = account ? await accountContact(db, manifest.slug, account) : {};

  return {
    kind: "journey",
    car: { id: String(car.id), slug: car.slug, title: carTitle(car), price: typeof car.price === "number" ? car.price : null, stocknum: car.stocknum ?? null },
    availability: journeyAvailability(car, manifest, ownActive),
    state,
    step,
    reached: reachedStep(state),
    draft,
    reservation,
    locations: pickupLocations(manifest),
    questions: ADJUSTMENT_QUESTIONS.map((x) => ({ id: x.id, question: x.question, options: x.options })),
    regoStates: REGO_STATES,
    finance,
    carried,
    depositCents: depositCents(rs),
    holdHours: rs.holdHours,
    timeZone: siteTimeZone(manifest),
    testMode: listsTestCards(payment),
    payment,
    prefill,
    token: randomUUID().replace(/-/g, ""),
  };
}
