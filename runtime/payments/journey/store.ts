/**
 * The checkout journey saved as it goes (table checkout_journeys, migration 007): one row per
 * dealer, browser and car. The browser is known by a random token in an HttpOnly cookie
 * (`dp_journey`, host-only, so each dealer's site has its own); only its SHA-256 is stored.
 * Server-only.
 */
import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Queryable } from "@/runtime/db/types";
import { emptyJourney, isStep, type JourneyAnswers, type JourneyState, type Step } from "./steps";
import type { FieldError } from "@/runtime/field-error";

export const JOURNEY_COOKIE = "dp_journey";
/** How long a browser keeps its journeys: a week. */
export const JOURNEY_COOKIE_MAX_AGE_S = 7 * 24 * 3600;

/** What the last refused post held (never card details) and the fields at fault, shown once at the fields. */
export interface JourneyDraft {
  step: Step;
  typed: Record<string, string>;
  errors: FieldError[];
  /** A message for the whole step (a declined card, a car reserved meanwhile). */
  message?: string;
}

export interface JourneyRow {
  id: string;
  dealer_slug: string;
  token_hash: string;
  car_id: string;
  car_slug: string;
  step: string;
  answers: JourneyAnswers;
  draft: JourneyDraft | null;
  reservation_id: string | null;
  lead_id: string | null;
  submitted_at: Date | string | null;
}

export const newJourneyToken = (): string => randomBytes(32).toString("base64url");
export const hashJourneyToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");
/** A cookie value this server could have issued (anything else is ignored, never looked up). */
export const journeyTokenShape = (v: string | undefined): v is string => typeof v === "string" && /^[A-Za-z0-9_-]{43}$/.test(v);

export function journeyCookie(token: string, secure: boolean): string {
  return `${JOURNEY_COOKIE}=${token}; Path=/; Max-Age=${JOURNEY_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const parse = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

export function stateOf(row: JourneyRow | null): JourneyState {
  if (!row) return emptyJourney();
  return {
    step: isStep(row.step) ? row.step : "contact",
    answers: parse<JourneyAnswers>(row.answers) ?? {},
    reservationId: row.reservation_id,
    submitted: row.submitted_at !== null,
  };
}

export async function loadJourney(db: Queryable, dealer: string, token: string | undefined, carId: string): Promise<JourneyRow | null> {
  if (!journeyTokenShape(token)) return null;
  const [row] = await db.query<JourneyRow>("SELECT * FROM checkout_journeys WHERE dealer_slug = $1 AND token_hash = $2 AND car_id = $3", [
    dealer,
    hashJourneyToken(token),
    carId,
  ]);
  return row ? { ...row, answers: parse<JourneyAnswers>(row.answers), draft: row.draft ? parse<JourneyDraft>(row.draft) : null } : null;
}

/** Writes the journey's state (and the draft to show, or none) for this dealer, browser and car. */
export async function saveJourney(
  db: Queryable,
  key: { dealer: string; token: string; carId: string; carSlug: string },
  state: JourneyState,
  draft: JourneyDraft | null,
): Promise<void> {
  await db.query(
    `INSERT INTO checkout_journeys (id, dealer_slug, token_hash, car_id, car_slug, step, answers, draft, reservation_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)
     ON CONFLICT (dealer_slug, token_hash, car_id) DO UPDATE SET
       car_slug = EXCLUDED.car_slug, step = EXCLUDED.step, answers = EXCLUDED.answers, draft = EXCLUDED.draft,
       reservation_id = COALESCE(checkout_journeys.reservation_id, EXCLUDED.reservation_id), updated_at = now()`,
    [
      randomUUID(),
      key.dealer,
      hashJourneyToken(key.token),
      key.carId,
      key.carSlug,
      state.step,
      JSON.stringify(state.answers),
      draft ? JSON.stringify(draft) : null,
      state.reservationId,
    ],
  );
}

/** Marks the journey submitted with its lead (inside the transaction that inserted the lead). Returns false when it already was. */
export async function markSubmitted(tx: Queryable, dealer: string, token: string, carId: string, leadId: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE checkout_journeys SET submitted_at = now(), lead_id = $4, step = 'summary', draft = NULL, updated_at = now()
     WHERE dealer_slug = $1 AND token_hash = $2 AND car_id = $3 AND submitted_at IS NULL RETURNING id`,
    [dealer, hashJourneyToken(token), carId, leadId],
  );
  return rows.length === 1;
}

export type ContactPrefill = Partial<Record<"name" | "last_name" | "email" | "phone", string>>;

/**
 * Where a signed-in shopper's contact step starts: the account's email and phone, and the name from
 * their own latest reservation at this dealer (an account holds no name). What they type wins.
 */
export async function accountContact(db: Queryable, dealer: string, user: { id: string; email: string | null; phone: string | null }): Promise<ContactPrefill> {
  const [row] = await db.query<{ contact: unknown }>(
    "SELECT contact FROM reservations WHERE dealer_slug = $1 AND user_id = $2 ORDER BY created_at DESC LIMIT 1",
    [dealer, user.id],
  );
  const c = (row ? parse<Record<string, unknown> | null>(row.contact) : null) ?? {};
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 60) : undefined);
  const out: ContactPrefill = {};
  const name = text(c.name);
  const last = text(c.last_name);
  if (name) out.name = name;
  if (last) out.last_name = last;
  if (user.email) out.email = user.email;
  if (user.phone) out.phone = user.phone;
  return out;
}

/**
 * The journey's state with the reservation its hosted deposit made, when the payment it started has
 * one (made by the return or, for a shopper who left, by the webhook); otherwise the state unchanged.
 */
export async function linkPaidDeposit(db: Queryable, dealer: string, state: JourneyState): Promise<JourneyState> {
  if (state.reservationId || !state.answers.depositPayment) return state;
  const [row] = await db.query<{ id: string }>(
    "SELECT id FROM reservations WHERE payment_id = $1 AND dealer_slug = $2 AND status IN ('held', 'confirmed') ORDER BY created_at DESC LIMIT 1",
    [state.answers.depositPayment, dealer],
  );
  if (!row) return state;
  return { ...state, reservationId: row.id, step: state.step === "deposit" ? "summary" : state.step };
}
