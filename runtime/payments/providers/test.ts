/**
 * The built-in test provider (gateway "test", the default): Shopify's Bogus Gateway idea with
 * Stripe's well-known test numbers, so a fresh machine takes a reservation with no account and no
 * network. Only the listed numbers do anything; any other valid number is refused with a "test
 * mode" message, so nobody mistakes it for a real payment. The gateway keeps its own ledger
 * (test_gateway_charges), as a real gateway would on its side: the benchmark checks our records
 * against it. The card number itself is never stored or logged: the last four digits only.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../../db/types";
import type { ProviderRegistration } from "../registry-types";
import {
  PAYMENT_MESSAGES,
  type AuthoriseOutcome,
  type AuthoriseRequest,
  type CardInput,
  type GatewayOutcome,
  type PaymentProvider,
  type RemoteStatus,
  type StartOutcome,
} from "../types";

export type TestCardOutcome = "success" | "declined" | "failed";

export interface TestCard {
  number: string;
  outcome: TestCardOutcome;
  label: string;
}

/** The documented test cards (shown on the checkout page in test mode). */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", outcome: "success", label: "Visa: the payment succeeds" },
  { number: "5555555555554444", outcome: "success", label: "Mastercard: the payment succeeds" },
  { number: "4000000000000002", outcome: "declined", label: "The card is declined" },
  { number: "4000000000009995", outcome: "declined", label: "Declined: insufficient funds" },
  { number: "4000000000000119", outcome: "failed", label: "The gateway fails (processing error)" },
];

export type { CardInput };

/** Luhn check (the last digit of every card number). */
export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardCheck = { ok: true; digits: string; outcome: TestCardOutcome | null } | { ok: false; message: string };

/** Checks the card fields the way a gateway would, then says what this test number does (null: not a test number). */
export function checkTestCard(card: CardInput, now: Date): CardCheck {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnOk(digits)) return { ok: false, message: PAYMENT_MESSAGES.invalidCard };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!m) return { ok: false, message: PAYMENT_MESSAGES.invalidCard };
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return { ok: false, message: PAYMENT_MESSAGES.invalidCard };
  // Valid through the last day of the expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, message: PAYMENT_MESSAGES.invalidCard };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, message: PAYMENT_MESSAGES.invalidCard };
  return { ok: true, digits, outcome: TEST_CARDS.find((c) => c.number === digits)?.outcome ?? null };
}

interface ChargeRow {
  id: string;
  status: "authorised" | "captured" | "voided" | "refunded";
}

export class TestGateway implements PaymentProvider {
  readonly name = "test";
  readonly testMode = true;
  readonly cardEntry = "form";
  /** Card numbers typed into our form: cards only, no wallet (Google Pay, Apple Pay) can reach it. */
  readonly methods = ["mastercard", "visa", "maestro"] as const;

  constructor(
    private readonly db: Queryable,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Nothing to set up before the card: the card comes with the form. */
  async start(): Promise<StartOutcome> {
    return { ok: true, ref: null, clientSecret: null };
  }

  /** Authorises the amount on a test card (idempotent by key: a retry returns the same charge). */
  async authorise(p: AuthoriseRequest): Promise<AuthoriseOutcome> {
    if (!p.card) return { ok: false, kind: "declined", message: PAYMENT_MESSAGES.invalidCard };
    const check = checkTestCard(p.card, this.clock());
    if (!check.ok) return { ok: false, kind: "declined", message: check.message };
    if (check.outcome === null) return { ok: false, kind: "declined", message: PAYMENT_MESSAGES.notTestCard };
    if (check.outcome === "declined") return { ok: false, kind: "declined", message: PAYMENT_MESSAGES.declined };
    if (check.outcome === "failed") return { ok: false, kind: "failed", message: PAYMENT_MESSAGES.failed };
    const rows = await this.db.query<ChargeRow>(
      `INSERT INTO test_gateway_charges (id, idempotency_key, amount_cents, card_last4, status) VALUES ($1, $2, $3, $4, 'authorised')
       ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = test_gateway_charges.updated_at RETURNING id, status`,
      [`tch_${randomUUID().replace(/-/g, "")}`, p.idempotencyKey, p.amountCents, check.digits.slice(-4)],
    );
    return { ok: true, ref: rows[0].id, status: rows[0].status === "captured" ? "captured" : "authorised" };
  }

  private async move(ref: string, from: ChargeRow["status"], to: ChargeRow["status"]): Promise<GatewayOutcome> {
    const [row] = await this.db.query<ChargeRow>("SELECT id, status FROM test_gateway_charges WHERE id = $1", [ref]);
    if (!row) return { ok: false, kind: "failed", message: `no test charge ${ref}` };
    if (row.status === to) return { ok: true, ref }; // already done: idempotent
    if (row.status !== from) return { ok: false, kind: "failed", message: `test charge ${ref} is ${row.status}, not ${from}` };
    await this.db.query("UPDATE test_gateway_charges SET status = $2, updated_at = now() WHERE id = $1 AND status = $3", [ref, to, from]);
    return { ok: true, ref };
  }

  capture(ref: string): Promise<GatewayOutcome> {
    return this.move(ref, "authorised", "captured");
  }

  void(ref: string): Promise<GatewayOutcome> {
    return this.move(ref, "authorised", "voided");
  }

  refund(ref: string): Promise<GatewayOutcome> {
    return this.move(ref, "captured", "refunded");
  }

  async lookup(p: { idempotencyKey: string; ref: string | null }): Promise<{ ref: string; status: RemoteStatus } | null> {
    const [row] = await this.db.query<ChargeRow>("SELECT id, status FROM test_gateway_charges WHERE idempotency_key = $1 OR id = $2", [
      p.idempotencyKey,
      p.ref ?? "",
    ]);
    return row ? { ref: row.id, status: row.status } : null;
  }
}

export const testProvider: ProviderRegistration = {
  name: "test",
  create: ({ db }) => new TestGateway(db),
};
