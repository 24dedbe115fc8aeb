/**
 * The one payment flow every purpose (reserve, online payment, the journey's deposit) runs, with
 * whichever provider the dealer has: never a charge without its record, never a record without
 * its charge.
 *
 *  0. a page's request sent again (a double click, a browser resubmitting after a dropped
 *     connection) is looked up by its page token before anything else, the car's availability
 *     included (`earlierPayment`): the shopper who paid is told what their payment bought, never
 *     that the car they just reserved was taken by someone else;
 *  1. the purpose's payment row is written (pending) before the provider is called, keyed by the
 *     page's token, so a resubmitted form is the same payment;
 *  2. start (a hosted card element needs the provider's payment and its client secret first), then
 *     authorise: the card from our form, or the provider's payment the browser confirmed;
 *  3. the purpose's claim (`Settlement.claim`): what must be won before money is taken, e.g. the
 *     reservation row, whose uniqueness is a database constraint. A lost claim (a car reserved
 *     moments before) gets the authorisation voided;
 *  4. capture, then the purpose's `captured` step (the lead, the notification, the cached page). A
 *     capture that fails releases the claim and voids.
 * A process that dies between two steps leaves a payment pending or authorised: `reconcile` finishes
 * it from the provider's own record (capture when the claim holds, void or refund when not).
 * Nothing here logs personal data: ids, kinds and counts only.
 */
import type { Db, Queryable } from "../db/types";
import { clientIp } from "../http/client-ip";
import { limiterKey, processLimiters } from "../http/rate-limit";
import type { PaymentStatus } from "../reservations/rules";
import { PAYMENT_MESSAGES, type CardInput, type PaymentProvider } from "./types";

/** One payment as the flow sees it, whichever table the purpose keeps it in. */
export interface PaymentRecord {
  id: string;
  dealer: string;
  gateway: string;
  key: string;
  ref: string | null;
  amountCents: number;
  status: PaymentStatus;
  /** What the purpose keeps with the payment to finish it later (its page, the shopper's details). */
  request: Record<string, unknown> | null;
  /** Why the payment ended where it did, when the ledger keeps it ("lost-race": someone else's claim won). */
  error?: string | null;
}

/** Where a purpose keeps its payments. */
export interface PaymentLedger {
  /** The payment of this idempotency key, written pending if new. */
  open(
    db: Queryable,
    p: { dealer: string; gateway: string; key: string; amountCents: number; owner: string; request: Record<string, unknown> },
  ): Promise<{
    payment: PaymentRecord;
    /** Whether the key's payment is this dealer's and owner's (a page token reused elsewhere is not). */
    ours: boolean;
  }>;
  byRef(db: Queryable, gateway: string, ref: string): Promise<PaymentRecord | null>;
  /** The payment of this idempotency key, if any, and whether it is this dealer's and owner's. */
  byKey(db: Queryable, p: { dealer: string; key: string; owner: string }): Promise<{ payment: PaymentRecord; ours: boolean } | null>;
  mark(db: Queryable, id: string, patch: { status: PaymentStatus; ref?: string | null; error?: string | null }): Promise<void>;
  /** Payments a dead process left pending or authorised for longer than `olderThanMs` (for `reconcile`). */
  stranded?(db: Queryable, now: Date, olderThanMs: number): Promise<PaymentRecord[]>;
}

/** What a purpose does once the provider holds the money. */
export interface Settlement<C> {
  /**
   * Before capture: what the payment buys, won or lost (in the purpose's own transaction). `done`:
   * an earlier call (the browser's return and the webhook both finish a payment) finished it.
   */
  claim(db: Db, payment: PaymentRecord): Promise<{ kind: "won"; value: C } | { kind: "lost" } | { kind: "done"; value: C }>;
  /**
   * After capture: the record of it (the lead) and what the shopper is told, once per payment
   * however many calls finish it at the same moment: the purpose claims the step in the database
   * (a row lock or a conditional UPDATE) before any effect. Answers false when another call had it.
   */
  captured(db: Db, payment: PaymentRecord, value: C): Promise<boolean>;
  /** What a captured payment bought, for a form posted twice (the first attempt's outcome), or null. */
  finished(db: Db, payment: PaymentRecord): Promise<C | null>;
  /** The capture failed: undo the claim (free the car). */
  release?(db: Db, value: C): Promise<void>;
}

export type SettleOutcome<C> =
  { ok: true; value: C; replay: boolean } | { ok: false; kind: "declined" | "failed" | "taken" | "pending"; message: string; paymentId?: string };

/** What a page's earlier request under the same key came to, looked up before the request is judged afresh. */
export type EarlierPayment<C> =
  /** No payment under this key: a first attempt. */
  | { kind: "none" }
  /** The key names another dealer's, car's or shopper's payment: refused. */
  | { kind: "foreign" }
  /** Paid and recorded: the request is answered with what it bought (the confirmation). */
  | { kind: "settled"; value: C }
  /** Paid, but someone else's claim won and the payment was cancelled: answered so again. */
  | { kind: "lost" }
  /**
   * Started and not finished (`inFlight`: pending or authorised, the first request still running or
   * cut off; the flow finishes it, whatever the car's availability says now), or refused before
   * (declined, failed: a new try from the same page, judged afresh).
   */
  | { kind: "open"; payment: PaymentRecord; inFlight: boolean };

/**
 * The earlier outcome of a page's key. A purpose asks this first, before the car's availability or
 * a rate limit: a shopper whose first request reserved the car would otherwise read that someone
 * else had reserved it (their own reservation makes the car unavailable).
 */
export async function earlierPayment<C>(
  deps: { db: Db; ledger: PaymentLedger },
  p: { dealer: string; key: string; owner: string },
  settlement: Pick<Settlement<C>, "finished">,
): Promise<EarlierPayment<C>> {
  const found = await deps.ledger.byKey(deps.db, p);
  if (!found) return { kind: "none" };
  const { payment, ours } = found;
  if (!ours) return { kind: "foreign" };
  if (payment.status === "captured") {
    const value = await settlement.finished(deps.db, payment);
    // Captured and not yet recorded (the first request is writing it): the flow finishes it.
    return value !== null ? { kind: "settled", value } : { kind: "open", payment, inFlight: true };
  }
  if ((payment.status === "voided" || payment.status === "refunded") && payment.error?.startsWith("lost-race")) return { kind: "lost" };
  return { kind: "open", payment, inFlight: payment.status === "pending" || payment.status === "authorised" };
}

/** A page token the server could have issued, prefixed, or a fresh key (one payment per page render). */
export function pageKey(prefix: string, token: string, fresh: () => string): string {
  return /^[A-Za-z0-9_-]{16,80}$/.test(token) ? `${prefix}_${token}` : `${prefix}_${fresh()}`;
}

/**
 * Payment attempts per (dealer, client): 10 a minute by default (PAYMENTS_RATE_LIMIT overrides),
 * so a payment form cannot be used to try card numbers in bulk. Counted here rather than by the
 * route so each purpose answers in its own page's way (a 303 back with a message, or JSON).
 */
export async function paymentAttemptAllowed(request: Request, dealer: string): Promise<boolean> {
  return (await processLimiters().take("payments", limiterKey([dealer, clientIp(request.headers)]))).ok;
}

/** What every flow step needs: the database, the dealer's provider and the purpose's ledger. */
export interface FlowDeps {
  db: Db;
  provider: PaymentProvider;
  ledger: PaymentLedger;
}

/** The payment a page asks for: whose, which idempotency key, how much, and what the purpose keeps with it. */
export interface PaymentAsk {
  dealer: string;
  key: string;
  owner: string;
  amountCents: number;
  request: Record<string, unknown>;
}

/** Step 1 of both card entries: the key's payment row with this provider, written pending if new. */
export function openPayment(deps: FlowDeps, p: PaymentAsk): ReturnType<PaymentLedger["open"]> {
  const { dealer, key, owner, amountCents, request } = p;
  return deps.ledger.open(deps.db, { dealer, gateway: deps.provider.name, key, amountCents, owner, request });
}

/** Hosted card entry, step 1: the payment row, then the provider's payment and its client secret. */
export async function startHosted(
  deps: FlowDeps,
  p: PaymentAsk & { description: string; metadata: (payment: PaymentRecord) => Record<string, string> },
): Promise<{ ok: true; clientSecret: string; payment: PaymentRecord } | { ok: false; kind: "foreign" | "done" | "failed"; message: string }> {
  const { db, provider, ledger } = deps;
  const { payment, ours } = await openPayment(deps, p);
  if (!ours || payment.gateway !== provider.name || payment.amountCents !== p.amountCents)
    return { ok: false, kind: "foreign", message: PAYMENT_MESSAGES.failed };
  if (payment.status === "captured") return { ok: false, kind: "done", message: PAYMENT_MESSAGES.failed };
  const started = await provider.start({
    amountCents: payment.amountCents,
    currency: "aud",
    idempotencyKey: payment.key,
    description: p.description,
    metadata: p.metadata(payment),
  });
  if (!started.ok || !started.ref || !started.clientSecret) {
    await ledger.mark(db, payment.id, { status: "failed", error: "start-failed" });
    return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
  }
  await ledger.mark(db, payment.id, { status: "pending", ref: started.ref });
  return { ok: true, clientSecret: started.clientSecret, payment: { ...payment, ref: started.ref } };
}

/** Form card entry: the payment row, the card authorised, then settled. A form posted twice is the first attempt's outcome. */
export async function payWithForm<C>(deps: FlowDeps, p: PaymentAsk & { card: CardInput }, settlement: Settlement<C>): Promise<SettleOutcome<C>> {
  const { db, provider, ledger } = deps;
  const { payment, ours } = await openPayment(deps, p);
  // A page token belongs to one page: the same key for another dealer, car or shopper is refused.
  if (!ours) return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
  if (payment.status === "captured") {
    const value = await settlement.finished(db, payment);
    if (value !== null) return { ok: true, value, replay: true };
    // Captured, its record not written yet: the purpose's record is written once, whoever gets there.
    if (payment.ref) return settle({ db, provider, ledger }, payment, settlement);
  }
  // Authorised by an earlier request that did not finish (cut off, or still running): settled from
  // there (the claim is taken under a row lock, and capture is idempotent), so the shopper is told
  // what the money bought rather than that nothing was taken.
  if (payment.status === "authorised" && payment.ref) return settle({ db, provider, ledger }, payment, settlement);
  // Pending, or refused before (a new try from the same page is allowed); anything else (voided, refunded) is the first attempt's.
  if (payment.status !== "pending" && payment.status !== "declined" && payment.status !== "failed")
    return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed, paymentId: payment.id };
  const auth = await provider.authorise({ amountCents: payment.amountCents, currency: "aud", ref: null, card: p.card, idempotencyKey: payment.key });
  if (!auth.ok) {
    const kind = auth.kind === "declined" ? "declined" : "failed";
    await ledger.mark(db, payment.id, { status: kind, error: auth.kind });
    return { ok: false, kind, message: auth.message, paymentId: payment.id };
  }
  const authorised: PaymentRecord = { ...payment, status: auth.status, ref: auth.ref };
  if (auth.status === "authorised") await ledger.mark(db, payment.id, { status: "authorised", ref: auth.ref });
  return settle(deps, authorised, settlement);
}

/**
 * Hosted card entry, step 2 (the browser's return and the webhook alike): the provider's payment
 * must be ours (amount, currency, our payment id) and authorised; then settled. Idempotent.
 */
export async function finishHosted<C>(
  deps: FlowDeps,
  payment: PaymentRecord,
  metadata: Record<string, string>,
  settlement: Settlement<C>,
): Promise<SettleOutcome<C>> {
  const { db, provider, ledger } = deps;
  if (!payment.ref) return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed, paymentId: payment.id };
  const auth = await provider.authorise({ ref: payment.ref, amountCents: payment.amountCents, currency: "aud", idempotencyKey: payment.key, metadata });
  if (!auth.ok) {
    if (auth.kind === "declined" && payment.status === "pending") await ledger.mark(db, payment.id, { status: "declined", error: "declined" });
    return { ok: false, kind: auth.kind, message: auth.kind === "declined" ? PAYMENT_MESSAGES.declined : PAYMENT_MESSAGES.failed, paymentId: payment.id };
  }
  if (payment.status === "pending" && auth.status === "authorised") await ledger.mark(db, payment.id, { status: "authorised" });
  return settle(deps, { ...payment, status: payment.status === "captured" ? "captured" : auth.status }, settlement);
}

/** Steps 3–4: claim, then capture (or void the loser); then the purpose's record of the capture. */
export async function settle<C>(deps: FlowDeps, payment: PaymentRecord, settlement: Settlement<C>): Promise<SettleOutcome<C>> {
  const { db, provider, ledger } = deps;
  const ref = payment.ref!;
  const claim = await settlement.claim(db, payment);
  if (claim.kind === "done") return { ok: true, value: claim.value, replay: true };
  if (claim.kind === "lost") {
    const undone = payment.status === "captured" ? await provider.refund(ref, payment.key) : await provider.void(ref, payment.key);
    await ledger.mark(
      db,
      payment.id,
      undone.ok
        ? { status: payment.status === "captured" ? "refunded" : "voided", error: "lost-race" }
        : { status: payment.status, error: "lost-race; release failed: reconcile retries" },
    );
    return { ok: false, kind: "taken", message: PAYMENT_MESSAGES.lostRace, paymentId: payment.id };
  }
  if (payment.status !== "captured") {
    const captured = await provider.capture(ref, payment.key);
    if (!captured.ok) {
      // No money, no record: undo the claim and release the authorisation.
      await settlement.release?.(db, claim.value);
      const voided = await provider.void(ref, payment.key);
      await ledger.mark(db, payment.id, { status: voided.ok ? "voided" : "authorised", error: "capture-failed" });
      return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed, paymentId: payment.id };
    }
    await ledger.mark(db, payment.id, { status: "captured", error: null });
  }
  const wrote = await settlement.captured(db, { ...payment, status: "captured" }, claim.value);
  return { ok: true, value: claim.value, replay: !wrote };
}

export interface ReconcileResult {
  captured: number;
  voided: number;
  refunded: number;
  failed: number;
}

/** How reconcile finds a stranded payment's provider, and whether the purpose's claim still holds. */
export interface ReconcileDeps {
  db: Db;
  ledger: PaymentLedger;
  providerFor: (payment: PaymentRecord) => PaymentProvider | null;
  /** The claim the payment bought holds now (capture), or not (void or refund, after `release`). */
  holds: (payment: PaymentRecord, now: Date) => Promise<boolean>;
  release?: (payment: PaymentRecord) => Promise<void>;
  now?: () => Date;
}

/**
 * Finishes payments a dead process left pending or authorised, from the provider's record of each:
 * capture when the claim holds, void (or refund, if the provider had captured) when it does not,
 * and mark failed when the provider never took anything.
 */
export async function reconcile(deps: ReconcileDeps, olderThanMs: number): Promise<ReconcileResult> {
  const now = (deps.now ?? (() => new Date()))();
  const result: ReconcileResult = { captured: 0, voided: 0, refunded: 0, failed: 0 };
  const { db, ledger } = deps;
  for (const p of (await ledger.stranded?.(db, now, olderThanMs)) ?? []) {
    const provider = deps.providerFor(p);
    if (!provider) continue;
    const remote = await provider.lookup({ idempotencyKey: p.key, ref: p.ref });
    if (!remote || remote.status === "declined") {
      await ledger.mark(db, p.id, { status: "failed", error: "reconciled: nothing taken" });
      result.failed++;
      continue;
    }
    if (remote.status === "unknown") continue;
    if (remote.status === "voided" || remote.status === "refunded") {
      await ledger.mark(db, p.id, { status: remote.status, ref: remote.ref, error: "reconciled" });
      result[remote.status]++;
      continue;
    }
    if (await deps.holds(p, now)) {
      const c = remote.status === "captured" ? { ok: true } : await provider.capture(remote.ref, p.key);
      if (c.ok) {
        await ledger.mark(db, p.id, { status: "captured", ref: remote.ref, error: null });
        result.captured++;
      }
      continue;
    }
    await deps.release?.(p);
    if (remote.status === "authorised") {
      const v = await provider.void(remote.ref, p.key);
      if (v.ok) {
        await ledger.mark(db, p.id, { status: "voided", ref: remote.ref, error: "reconciled: no claim" });
        result.voided++;
      }
    } else {
      const r = await provider.refund(remote.ref, p.key);
      if (r.ok) {
        await ledger.mark(db, p.id, { status: "refunded", ref: remote.ref, error: "reconciled: no claim" });
        result.refunded++;
      }
    }
  }
  return result;
}
