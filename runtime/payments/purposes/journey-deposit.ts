/**
 * The checkout journey (/checkout-journey?car_id=…, Sunshine Chery): the purpose is its deposit,
 * which buys a reservation exactly as the checkout's does (reserve.ts: the reservation row won
 * inside the database, the lead, the cached page, the confirmation), from the journey's page.
 *
 * Steps (/api/payments/journey-deposit/…):
 *  - `pay`: every step's plain form (it works before JavaScript). Each post saves the step's answer
 *    (or what was typed and the fields at fault) under the browser's journey cookie and answers 303
 *    to the journey: the page then shows the step reached. The deposit step pays with the card
 *    fields (a provider whose card is entered in our form); only it counts a payment attempt.
 *  - `intent`: the deposit step's fields (JSON, never card data) → our payment row, then the hosted
 *    element's client secret (metadata kind "checkout-journey"); the journey keeps the payment id.
 *  - `return`: where a hosted provider sends the shopper back: the reservation made (or a lost race
 *    voided), 303 to the journey. A shopper who closed the tab is finished by the webhook, and the
 *    journey finds its reservation through the payment id it kept (`linkPaidDeposit`).
 * No personal data ever goes into a URL or a log line: the logs name the dealer, car, step and outcome.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/types";
import type { Car, DealerManifest } from "../../generated/types";
import { isEnabled } from "../../flags";
import { apiError, json, seeOther } from "../../http/api-route";
import { ADJUSTMENT_QUESTIONS, adapterFor } from "../../leads/valuation";
import { kickOutbox, startOutboxWorker } from "../../leads/outbox";
import { createLead } from "../../leads/create";
import { overlayCar } from "../../reservations/overlay";
import { reservationById } from "../../reservations/store";
import { isActive } from "../../reservations/rules";
import { carTitle } from "../../cars/availability";
import { pageKey, paymentAttemptAllowed } from "../flow";
import type { PaymentPurpose, StepContext } from "../purpose";
import { PAYMENT_MESSAGES } from "../types";
import { journeyAvailability, journeyCar, journeyFinanceSettings, pickupLocations } from "../journey/car";
import {
  advance,
  canEnter,
  carriedFinance,
  goBack,
  isStep,
  MESSAGES,
  tradeInValuation,
  validateContact,
  validateDelivery,
  validateFinance,
  validateSummary,
  validateTradeIn,
  type JourneyState,
  type Step,
} from "../journey/steps";
import { JOURNEY_CATEGORY, JOURNEY_SUBCATEGORY, journeyLeadPayload } from "../journey/lead";
import {
  JOURNEY_COOKIE,
  journeyCookie,
  journeyTokenShape,
  linkPaidDeposit,
  loadJourney,
  markSubmitted,
  newJourneyToken,
  saveJourney,
  stateOf,
  type JourneyDraft,
} from "../journey/store";
import {
  afterReserved,
  earlierReservation,
  finishReservation,
  hostedProvider,
  markReservationDeclined,
  replayedOutcome,
  reserveWithCard,
  shopperId,
  startReservationDeposit,
} from "./reserve";

export const JOURNEY_PATH = "/checkout-journey";
/** The hosted payment's metadata `kind` for a journey's deposit (the webhook finishes it like the checkout's). */
export const JOURNEY_PAYMENT_KIND = "checkout-journey";

/** Rolls back a lead whose journey another post submitted first. */
class AlreadySubmitted extends Error {}

export const journeyHref = (carSlug: string, step?: Step) =>
  `${JOURNEY_PATH}?${new URLSearchParams({ car_id: carSlug, ...(step ? { step } : {}) }).toString()}`;

/** Whether the journey's own reservation still holds the car. */
async function ownReservationActive(db: Db, manifest: DealerManifest, state: JourneyState, car: Car, now: Date): Promise<boolean> {
  if (!state.reservationId) return false;
  const r = await reservationById(db, state.reservationId, manifest.slug);
  return !!r && r.car_id === String(car.id) && isActive(r, now);
}

const NOT_FOUND = () => new Response(null, { status: 404, headers: { "cache-control": "no-store" } });

/** One step's form post, with the journey it belongs to. */
interface StepPost {
  ctx: StepContext;
  db: Db;
  car: Car;
  now: Date;
  step: Step;
  state: JourneyState;
  /** The browser's journey token. */
  token: string;
  /** Keep what was typed and the fields at fault; 303 back to the same step. */
  refuse: (draft: Omit<JourneyDraft, "step">) => Promise<Response>;
  /** 303 to the journey (at a given step, or the step reached). */
  back: (step?: Step) => Response;
  log: (event: string, fields: Record<string, string | number>) => void;
}

/** A step's answer taken (the journey moves on and is saved), or its response already decided. */
type StepOutcome = { state: JourneyState } | { response: Response };

const refused = async (response: Promise<Response>): Promise<StepOutcome> => ({ response: await response });

async function contactStep({ ctx, state, step, refuse }: StepPost): Promise<StepOutcome> {
  const c = validateContact(ctx.get);
  if (!c.ok) return refused(refuse({ typed: c.typed, errors: c.errors }));
  return { state: advance(state, step, { contact: c.value }) };
}

async function deliveryStep({ ctx, state, step, refuse }: StepPost): Promise<StepOutcome> {
  const d = validateDelivery(ctx.get, pickupLocations(ctx.manifest));
  if (!d.ok) return refused(refuse({ typed: d.typed, errors: d.errors }));
  return { state: advance(state, step, { delivery: d.value }) };
}

/** The trade-in: none, or the car looked up by its rego and valued with the answers (an estimate the service could not give is said so). */
async function tradeInStep({ ctx, state, step, refuse }: StepPost): Promise<StepOutcome> {
  const t = validateTradeIn(ctx.get, ADJUSTMENT_QUESTIONS);
  if (!t.ok) return refused(refuse({ typed: t.typed, errors: t.errors }));
  if (!t.value.has) return { state: advance(state, step, { tradeIn: { has: false } }) };
  const typed: Record<string, string> = { has_trade_in: "yes", rego: t.value.rego, regoState: t.value.regoState, kms: String(t.value.kms) };
  for (const [id, a] of Object.entries(t.value.adjustmentAnswers)) typed[`q_${id}`] = a;
  const adapter = adapterFor(ctx.manifest);
  const vehicle = await adapter.lookupRego(t.value.rego, t.value.regoState).catch(() => null);
  if (!vehicle) return refused(refuse({ typed, errors: [{ field: "rego", message: MESSAGES.regoNotFound }] }));
  const result = await adapter
    .valuate({ make: vehicle.make, model: vehicle.model, year: vehicle.year, kms: t.value.kms, adjustmentAnswers: t.value.adjustmentAnswers })
    .catch(() => ({ status: "no-estimate" as const, message: "Online estimates are unavailable right now. We'll value your car when we contact you." }));
  return {
    state: advance(state, step, {
      tradeIn: {
        has: true,
        rego: t.value.rego,
        regoState: t.value.regoState,
        kms: t.value.kms,
        adjustmentAnswers: t.value.adjustmentAnswers,
        vehicle: { make: vehicle.make, model: vehicle.model, year: vehicle.year, ...(vehicle.badge ? { badge: vehicle.badge } : {}) },
        valuation: tradeInValuation(result),
      },
    }),
  };
}

async function financeStep({ ctx, car, now, state, step, refuse }: StepPost): Promise<StepOutcome> {
  const f = validateFinance(ctx.get, journeyFinanceSettings(ctx.manifest, car, now), typeof car.price === "number" ? car.price : 0);
  if (!f.ok) return refused(refuse({ typed: f.typed, errors: f.errors }));
  const next = advance(state, step, { finance: f.value });
  // After the deposit is paid, the next step is the summary (never a second payment).
  return { state: next.reservationId ? { ...next, step: "summary" } : next };
}

/** The deposit by card fields of our form (a hosted card element pays through `intent`); a paid deposit is never paid again. */
async function depositStep({ ctx, db, car, state, step, refuse, log }: StepPost): Promise<StepOutcome> {
  const { manifest, get } = ctx;
  if (state.reservationId) return { state: { ...state, step: "summary" } };
  const contact = state.answers.contact!;
  if (!(await paymentAttemptAllowed(ctx.request, manifest.slug)))
    return refused(refuse({ typed: {}, errors: [], message: "Too many payment attempts. Please wait a minute and try again." }));
  const provider = ctx.provider(db);
  // A hosted card element (the `intent` step): a plain post means the browser ran no script.
  if (provider?.cardEntry === "hosted")
    return refused(
      refuse({
        typed: {},
        errors: [],
        message: "Paying the deposit by card needs JavaScript: the payment provider's secure card field runs in your browser.",
      }),
    );
  if (!provider || provider.cardEntry !== "form")
    return refused(refuse({ typed: {}, errors: [], message: "Online payment of the deposit is not available on this site just now. Please contact us." }));
  let out;
  try {
    out = await reserveWithCard(
      { db, provider, env: ctx.env, notify: (r) => afterReserved(manifest, car, r, provider.testMode) },
      {
        manifest,
        car,
        contact: { name: contact.name, last_name: contact.last_name, email: contact.email, phone: contact.phone },
        userId: await shopperId(ctx, db),
        idempotencyKey: pageKey("cjy", get("token"), randomUUID),
        url: JOURNEY_PATH,
        card: { number: get("card_number"), expiry: get("card_expiry"), cvc: get("card_cvc") },
      },
    );
  } catch (e) {
    log("journey-payment-failed", { car: car.id, error: e instanceof Error ? e.name : "unknown" });
    return refused(refuse({ typed: {}, errors: [], message: PAYMENT_MESSAGES.failed }));
  }
  if (!out.ok) {
    const field = out.message === PAYMENT_MESSAGES.invalidCard || out.message === PAYMENT_MESSAGES.notTestCard ? "card_number" : null;
    return refused(refuse({ typed: {}, errors: field ? [{ field, message: out.message }] : [], message: out.message }));
  }
  log("journey-deposit-paid", { car: car.id, reservation: out.reservation.id });
  return { state: { ...advance(state, step, {}), reservationId: out.reservation.id } };
}

/** The summary: the journey's lead, sent once (a second post of the same journey sends nothing); back to the journey. */
async function summaryStep({ ctx, db, car, state, token, refuse, back, log }: StepPost): Promise<StepOutcome> {
  const { manifest } = ctx;
  const s = validateSummary(ctx.get);
  if (!s.ok) return refused(refuse({ typed: {}, errors: s.errors }));
  if (!state.reservationId || !state.answers.contact) return { response: back() };
  const reservation = await reservationById(db, state.reservationId, manifest.slug);
  if (!reservation) return { response: back() };
  const payload = journeyLeadPayload(
    { ...car, id: car.id, slug: car.slug, title: carTitle(car), stocknum: car.stocknum ?? null },
    { ...state.answers, contact: state.answers.contact },
    { id: reservation.id, depositCents: reservation.deposit_cents },
    JOURNEY_PATH,
  );
  const delivery = state.answers.delivery;
  const sent = await db
    .transaction(async (tx) => {
      const lead = await createLead(tx, {
        manifest,
        category: JOURNEY_CATEGORY,
        subcategory: JOURNEY_SUBCATEGORY,
        fields: payload,
        // The pickup location the shopper chose, else the car's own.
        place: { dealership_id: car.dealership_id, location_id: delivery?.method === "pickup" ? delivery.locationId : car.location_id },
        onForeignPlace: "drop",
        final: true,
      });
      if (!lead.ok) throw new Error("a paid purpose's lead is never refused");
      if (!(await markSubmitted(tx, manifest.slug, token, String(car.id), lead.id))) throw new AlreadySubmitted();
      return lead.id;
    })
    .catch((e: unknown) => {
      if (e instanceof AlreadySubmitted) return null;
      throw e;
    });
  if (sent) {
    startOutboxWorker();
    kickOutbox();
    log("journey-submitted", { car: car.id, reservation: reservation.id, lead: sent });
  }
  return { response: back() };
}

/** Each step's form post, by the step it answers. */
const STEP_POSTS: Record<Step, (post: StepPost) => Promise<StepOutcome>> = {
  contact: contactStep,
  delivery: deliveryStep,
  "trade-in": tradeInStep,
  finance: financeStep,
  deposit: depositStep,
  summary: summaryStep,
};

/**
 * The browser's journey for this car: its token (the cookie it has, or a new one set with this
 * answer), a hosted deposit finished by the return or the webhook linked in, and the calculator's
 * figures the link carried (hidden fields of every step's form), kept from the first post on.
 */
async function openJourney(ctx: StepContext, db: Db, car: Car) {
  const { manifest } = ctx;
  const cookies: string[] = [];
  let token = ctx.cookie(JOURNEY_COOKIE);
  if (!journeyTokenShape(token)) {
    token = newJourneyToken();
    cookies.push(journeyCookie(token, ctx.https));
  }
  const key = { dealer: manifest.slug, token, carId: String(car.id), carSlug: car.slug };
  const row = await loadJourney(db, manifest.slug, token, String(car.id));
  let state = await linkPaidDeposit(db, manifest.slug, stateOf(row));
  const carried = carriedFinance((k) => ctx.get(`carry_${k}`));
  if (Object.keys(carried).length && !state.answers.carried) state = { ...state, answers: { ...state.answers, carried } };
  return { cookies, token, key, state };
}

/** The journey's step forms: save the answer, or what was typed and the fields at fault; 303 back to the journey. */
async function postStep(ctx: StepContext): Promise<Response> {
  const { manifest, get } = ctx;
  if (!isEnabled(manifest, "onlinePurchase")) return NOT_FOUND();
  const car = ctx.carOf ? overlayCar(await ctx.carOf(manifest, get("car_id"))) : await journeyCar(manifest, get("car_id"));
  if (!car) return seeOther(JOURNEY_PATH);
  const db = await ctx.db();
  const now = ctx.now();
  const log = (event: string, fields: Record<string, string | number>) => ctx.log(event, fields);
  const journey = await openJourney(ctx, db, car);
  const { cookies, token, key } = journey;
  let state = journey.state;
  const back = (step?: Step) => seeOther(journeyHref(car.slug, step), cookies);
  if (state.submitted) return back();

  const step = get("step");
  if (!isStep(step) || !canEnter(state, step)) return back();
  const refuse = async (draft: Omit<JourneyDraft, "step">) => {
    await saveJourney(db, key, { ...state, step }, { step, ...draft });
    log("journey-refused", { car: car.id, step, fields: draft.errors.map((e) => e.field).join(",") || "-" });
    return back(step);
  };

  if (get("intent") === "back") {
    state = goBack(state, step);
    await saveJourney(db, key, state, null);
    return back();
  }

  // The deposit form sent again: what its payment came to, before the car's availability (the
  // shopper's own reservation is what makes the car unavailable).
  let inFlight = false;
  if (step === "deposit" && !state.reservationId) {
    const earlier = await earlierReservation(db, manifest, car, pageKey("cjy", get("token"), randomUUID));
    if (earlier.kind === "settled") {
      await saveJourney(db, key, { ...advance(state, step, {}), reservationId: earlier.value.id }, null);
      log("journey-deposit-replay", { car: car.id, reservation: earlier.value.id });
      return back();
    }
    if (earlier.kind === "lost" || earlier.kind === "foreign") {
      const replayed = replayedOutcome(earlier);
      return refuse({ typed: {}, errors: [], message: replayed && !replayed.ok ? replayed.message : PAYMENT_MESSAGES.failed });
    }
    inFlight = earlier.kind === "open" && earlier.inFlight;
  }

  const own = await ownReservationActive(db, manifest, state, car, now);
  const availability = journeyAvailability(car, manifest, own);
  if (availability !== "ok" && !state.reservationId && !inFlight) {
    await saveJourney(db, key, state, null);
    return back();
  }

  const outcome = await STEP_POSTS[step]({ ctx, db, car, now, step, state, token, refuse, back, log });
  if ("response" in outcome) return outcome.response;
  await saveJourney(db, key, outcome.state, null);
  return back();
}

/** The deposit step's hosted card element: the journey must have reached the deposit; our payment row, then the client secret. */
async function startDeposit(ctx: StepContext): Promise<Response> {
  const { manifest, get } = ctx;
  if (!isEnabled(manifest, "onlinePurchase")) return apiError(404, "Not found");
  if (!(await paymentAttemptAllowed(ctx.request, manifest.slug))) return apiError(429, "Too many payment attempts. Please wait a minute and try again.");
  const car = await (ctx.carOf ?? journeyCar)(manifest, get("car_id"));
  if (!car) return apiError(404, PAYMENT_MESSAGES.notEligible);
  const token = ctx.cookie(JOURNEY_COOKIE);
  if (!journeyTokenShape(token)) return apiError(409, "Your session has expired. Please reload the page.");
  const db = await ctx.db();
  const row = await loadJourney(db, manifest.slug, token, String(car.id));
  const state = await linkPaidDeposit(db, manifest.slug, stateOf(row));
  if (state.reservationId) return apiError(409, "Your deposit is already paid. Please reload the page.");
  const contact = state.answers.contact;
  if (state.submitted || !contact || !canEnter(state, "deposit")) return apiError(409, "Please complete the steps before the deposit first.");
  if (journeyAvailability(car, manifest, false) !== "ok") return apiError(409, PAYMENT_MESSAGES.alreadyReserved);
  const provider = hostedProvider(ctx, db);
  if (!provider) return apiError(503, "Online payment of the deposit is not available on this site just now. Please contact us.");
  const out = await startReservationDeposit(
    { db, provider },
    {
      manifest,
      car,
      contact: { name: contact.name, last_name: contact.last_name, email: contact.email, phone: contact.phone },
      userId: await shopperId(ctx, db),
      key: pageKey("cjy", get("token"), randomUUID),
      variant: null,
      url: JOURNEY_PATH,
      kind: JOURNEY_PAYMENT_KIND,
    },
  );
  if (!out.ok) {
    if (out.kind === "failed") ctx.log("intent-failed", { car: car.id }, "warn");
    return json(out.kind === "failed" ? 502 : 409, { message: out.message });
  }
  await saveJourney(
    db,
    { dealer: manifest.slug, token, carId: String(car.id), carSlug: car.slug },
    { ...state, step: "deposit", answers: { ...state.answers, depositPayment: out.payment.id } },
    null,
  );
  return json(200, { clientSecret: out.clientSecret });
}

/** Where a hosted provider sends the shopper back: finish (reserve, capture, or void a lost race), 303 to the journey. */
async function returnFromDeposit(ctx: StepContext, ref: string | null): Promise<Response> {
  const { manifest } = ctx;
  if (!ref) return seeOther(JOURNEY_PATH);
  const db = await ctx.db();
  const provider = hostedProvider(ctx, db);
  if (!provider) return seeOther(JOURNEY_PATH);
  let done: Awaited<ReturnType<typeof finishReservation>>;
  try {
    done = await finishReservation({ db, provider, manifest, carOf: ctx.carOf }, ref);
  } catch (e) {
    ctx.log("journey-finish-failed", { error: e instanceof Error ? e.name : "unknown" }, "error");
    return seeOther(JOURNEY_PATH);
  }
  // Only a journey's own deposit comes back here.
  if (!done || done.url !== JOURNEY_PATH) return seeOther(JOURNEY_PATH);
  const token = ctx.cookie(JOURNEY_COOKIE);
  const row = journeyTokenShape(token) && done.carId ? await loadJourney(db, manifest.slug, token, done.carId) : null;
  // Only the journey that started this payment takes its reservation (or its message).
  if (row && token && stateOf(row).answers.depositPayment === done.paymentId) {
    const key = { dealer: manifest.slug, token, carId: row.car_id, carSlug: row.car_slug };
    if (done.out.ok) await saveJourney(db, key, { ...stateOf(row), reservationId: done.out.reservation.id, step: "summary" }, null);
    else await saveJourney(db, key, { ...stateOf(row), step: "deposit" }, { step: "deposit", typed: {}, errors: [], message: done.out.message });
  }
  ctx.log(done.out.ok ? "journey-deposit-paid" : "journey-deposit-refused", { outcome: done.out.ok ? "reserved" : done.out.kind });
  return seeOther(journeyHref(done.slug, done.out.ok ? undefined : "deposit"));
}

export const journeyDepositPurpose: PaymentPurpose = {
  kind: JOURNEY_PAYMENT_KIND,
  pay: postStep,
  intent: startDeposit,
  return: returnFromDeposit,
  async finish(deps, ref) {
    await finishReservation(deps, ref);
  },
  failed: ({ db, provider }, ref) => markReservationDeclined(db, provider.name, ref),
};
