/**
 * POST /api/checkout-journey: every step's plain form (it works before JavaScript). Each post
 * saves the step's answer (or what was typed and the fields at fault) under the browser's journey
 * cookie and answers 303 to /checkout-journey?car_id={slug}: the page then shows the step reached.
 * No personal data ever goes into a URL or a log line: the logs name the dealer, car, step and outcome.
 *
 * The deposit goes through the reservation service and its gateway (reserveWithTestCard: one
 * active reservation per car, guaranteed by the database); the trade-in through the valuation
 * helpers (adapterFor: the sample registrations, or the dealer's provider); the submitted journey
 * becomes one lead through the outbox (JSON or ADF by the dealer's destinations).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/runtime/db/types";
import type { Car, DealerManifest } from "@/runtime/generated/types";
import type { Tenant } from "@/runtime/tenant";
import { isEnabled } from "@/runtime/flags";
import { sameOriginRefusal } from "@/runtime/http/same-origin";
import { ADJUSTMENT_QUESTIONS, adapterFor } from "@/runtime/leads/valuation";
import { kickOutbox, startOutboxWorker } from "@/runtime/leads/outbox";
import { createLead } from "@/runtime/leads/create";
import { afterReserved, paymentAttemptAllowed } from "@/runtime/reservations/api";
import { reserveWithTestCard } from "@/runtime/reservations/service";
import { gatewayForManifest } from "@/runtime/reservations/server";
import { reservationById } from "@/runtime/reservations/store";
import { isActive } from "@/runtime/reservations/rules";
import { carTitle } from "@/runtime/cars/availability";
import { PAYMENT_MESSAGES } from "@/runtime/payments/types";
import { journeyAvailability, journeyCar, journeyFinanceSettings, pickupLocations } from "./car";
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
} from "./domain/steps";
import { JOURNEY_CATEGORY, JOURNEY_SUBCATEGORY, journeyLeadPayload } from "./domain/lead";
import {
  JOURNEY_COOKIE,
  journeyCookie,
  journeyTokenShape,
  loadJourney,
  markSubmitted,
  newJourneyToken,
  saveJourney,
  stateOf,
  type JourneyDraft,
} from "./store";
import { JOURNEY_PATH, journeyShopperId, linkPaidDeposit } from "./stripe";

export { JOURNEY_PATH };

/** Rolls back a lead whose journey another post submitted first. */
class AlreadySubmitted extends Error {}

function log(event: string, fields: Record<string, string | number>) {
  console.info(
    `[checkout-journey] ${event} ${Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

function isHttps(request: Request): boolean {
  const proto = request.headers.get("x-forwarded-proto");
  return (proto ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

const see = (location: string, cookies: string[]) => {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
};

export const journeyHref = (carSlug: string, step?: Step) =>
  `${JOURNEY_PATH}?${new URLSearchParams({ car_id: carSlug, ...(step ? { step } : {}) }).toString()}`;

/** Whether the journey's own reservation still holds the car. */
async function ownReservationActive(db: Db, manifest: DealerManifest, state: JourneyState, car: Car, now: Date): Promise<boolean> {
  if (!state.reservationId) return false;
  const r = await reservationById(db, state.reservationId, manifest.slug);
  return !!r && r.car_id === String(car.id) && isActive(r, now);
}

export interface JourneyDeps {
  db: () => Promise<Db>;
  now?: () => Date;
}

export async function handleJourneyPost(request: Request, tenant: Tenant, deps: JourneyDeps): Promise<Response> {
  if (tenant.kind !== "site") return new Response(null, { status: 404 });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const manifest = tenant.manifest;
  if (!isEnabled(manifest, "onlinePurchase")) return new Response(null, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const get = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const car = await journeyCar(manifest, get("car_id"));
  if (!car) return see(JOURNEY_PATH, []);
  const db = await deps.db();
  const now = (deps.now ?? (() => new Date()))();

  // The browser's journey token: the cookie it has, or a new one set with this answer.
  const cookies: string[] = [];
  let token = cookieValue(request, JOURNEY_COOKIE);
  if (!journeyTokenShape(token)) {
    token = newJourneyToken();
    cookies.push(journeyCookie(token, isHttps(request)));
  }
  const key = { dealer: manifest.slug, token, carId: String(car.id), carSlug: car.slug };
  const row = await loadJourney(db, manifest.slug, token, String(car.id));
  // A Stripe deposit finished by the return or the webhook: the journey takes its reservation.
  let state = await linkPaidDeposit(db, manifest.slug, stateOf(row));
  // The calculator's figures the link carried (hidden fields of every step's form), kept from the first post on.
  const carried = carriedFinance((k) => get(`carry_${k}`));
  if (Object.keys(carried).length && !state.answers.carried) state = { ...state, answers: { ...state.answers, carried } };
  const back = (step?: Step) => see(journeyHref(car.slug, step), cookies);
  if (state.submitted) return back();

  const step = get("step");
  if (!isStep(step) || !canEnter(state, step)) return back();
  const refuse = async (draft: Omit<JourneyDraft, "step">) => {
    await saveJourney(db, key, { ...state, step }, { step, ...draft });
    log("refused", { site: manifest.slug, car: car.id, step, fields: draft.errors.map((e) => e.field).join(",") || "-" });
    return back(step);
  };

  if (get("intent") === "back") {
    state = goBack(state, step);
    await saveJourney(db, key, state, null);
    return back();
  }

  const own = await ownReservationActive(db, manifest, state, car, now);
  const availability = journeyAvailability(car, manifest, own);
  if (availability !== "ok" && !state.reservationId) {
    await saveJourney(db, key, state, null);
    return back();
  }

  switch (step) {
    case "contact": {
      const c = validateContact(get);
      if (!c.ok) return refuse({ typed: c.typed, errors: c.errors });
      state = advance(state, step, { contact: c.value });
      break;
    }
    case "delivery": {
      const d = validateDelivery(get, pickupLocations(manifest));
      if (!d.ok) return refuse({ typed: d.typed, errors: d.errors });
      state = advance(state, step, { delivery: d.value });
      break;
    }
    case "trade-in": {
      const t = validateTradeIn(get, ADJUSTMENT_QUESTIONS);
      if (!t.ok) return refuse({ typed: t.typed, errors: t.errors });
      if (!t.value.has) {
        state = advance(state, step, { tradeIn: { has: false } });
        break;
      }
      const typed: Record<string, string> = { has_trade_in: "yes", rego: t.value.rego, regoState: t.value.regoState, kms: String(t.value.kms) };
      for (const [id, a] of Object.entries(t.value.adjustmentAnswers)) typed[`q_${id}`] = a;
      const adapter = adapterFor(manifest);
      const vehicle = await adapter.lookupRego(t.value.rego, t.value.regoState).catch(() => null);
      if (!vehicle) return refuse({ typed, errors: [{ field: "rego", message: MESSAGES.regoNotFound }] });
      const result = await adapter
        .valuate({ make: vehicle.make, model: vehicle.model, year: vehicle.year, kms: t.value.kms, adjustmentAnswers: t.value.adjustmentAnswers })
        .catch(() => ({ status: "no-estimate" as const, message: "Online estimates are unavailable right now. We'll value your car when we contact you." }));
      state = advance(state, step, {
        tradeIn: {
          has: true,
          rego: t.value.rego,
          regoState: t.value.regoState,
          kms: t.value.kms,
          adjustmentAnswers: t.value.adjustmentAnswers,
          vehicle: { make: vehicle.make, model: vehicle.model, year: vehicle.year, ...(vehicle.badge ? { badge: vehicle.badge } : {}) },
          valuation: tradeInValuation(result),
        },
      });
      break;
    }
    case "finance": {
      const f = validateFinance(get, journeyFinanceSettings(manifest, car, now), typeof car.price === "number" ? car.price : 0);
      if (!f.ok) return refuse({ typed: f.typed, errors: f.errors });
      state = advance(state, step, { finance: f.value });
      // After the deposit is paid, the next step is the summary (never a second payment).
      if (state.reservationId) state = { ...state, step: "summary" };
      break;
    }
    case "deposit": {
      if (state.reservationId) {
        state = { ...state, step: "summary" };
        break;
      }
      const contact = state.answers.contact!;
      if (!(await paymentAttemptAllowed(request, manifest.slug)))
        return refuse({ typed: {}, errors: [], message: "Too many payment attempts. Please wait a minute and try again." });
      const gateway = gatewayForManifest(manifest, db);
      // A hosted card element (Stripe's Payment Element, stripe.ts): a plain post means the browser ran no script.
      if (gateway?.cardEntry === "hosted")
        return refuse({ typed: {}, errors: [], message: "Paying the deposit by card needs JavaScript: Stripe's secure card field runs in your browser." });
      if (!gateway || gateway.cardEntry !== "form")
        return refuse({ typed: {}, errors: [], message: "Online payment of the deposit is not available on this site just now. Please contact us." });
      const idempotencyKey = /^[A-Za-z0-9_-]{16,80}$/.test(get("token")) ? `cjy_${get("token")}` : `cjy_${randomUUID()}`;
      let out;
      try {
        out = await reserveWithTestCard(
          { db, gateway },
          {
            manifest,
            car,
            contact: { name: contact.name, last_name: contact.last_name, email: contact.email, phone: contact.phone },
            userId: await journeyShopperId(request, db, manifest.slug),
            idempotencyKey,
            url: JOURNEY_PATH,
            card: { number: get("card_number"), expiry: get("card_expiry"), cvc: get("card_cvc") },
          },
        );
      } catch (e) {
        log("payment-failed", { site: manifest.slug, car: car.id, error: e instanceof Error ? e.name : "unknown" });
        return refuse({ typed: {}, errors: [], message: PAYMENT_MESSAGES.failed });
      }
      if (!out.ok) {
        const field = out.message === PAYMENT_MESSAGES.invalidCard || out.message === PAYMENT_MESSAGES.notTestCard ? "card_number" : null;
        return refuse({ typed: {}, errors: field ? [{ field, message: out.message }] : [], message: out.message });
      }
      if (!out.replay) await afterReserved(manifest, car, out.reservation, gateway.testMode);
      state = { ...advance(state, step, {}), reservationId: out.reservation.id };
      log("deposit-paid", { site: manifest.slug, car: car.id, reservation: out.reservation.id });
      break;
    }
    case "summary": {
      const s = validateSummary(get);
      if (!s.ok) return refuse({ typed: {}, errors: s.errors });
      if (!state.reservationId || !state.answers.contact) return back();
      const reservation = await reservationById(db, state.reservationId, manifest.slug);
      if (!reservation) return back();
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
            place: { dealership_id: car.dealership_id, location_id: delivery?.method === "pickup" ? delivery.locationId : undefined },
            onForeignPlace: "drop",
            final: true,
          });
          if (!lead.ok) throw new Error("a paid purpose's lead is never refused");
          if (!(await markSubmitted(tx, manifest.slug, token!, String(car.id), lead.id))) throw new AlreadySubmitted();
          return lead.id;
        })
        .catch((e: unknown) => {
          if (e instanceof AlreadySubmitted) return null;
          throw e;
        });
      if (sent) {
        startOutboxWorker();
        kickOutbox();
        log("submitted", { site: manifest.slug, car: car.id, reservation: reservation.id, lead: sent });
      }
      return back();
    }
  }
  await saveJourney(db, key, state, null);
  return back();
}
