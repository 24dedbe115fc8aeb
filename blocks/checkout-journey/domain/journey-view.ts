/**
 * What the journey's page shows, worked out from the loaded journey (pure: no React). Which view
 * (the order sent, not available, or a step), the progress list (the steps in order,
 * which are done and which may be opened), where each step's fields start (what the shopper typed
 * in a refused post wins, then the saved answer, then a sensible first value), and the summary's
 * rows. The step components only render these.
 */
import { formatCurrency, formatCurrencyCents } from "@/runtime/finance/format";
import { formatHoldEnd } from "@/runtime/reservations/rules";
import type { JourneyData } from "../load";
import { summaryLines } from "@/runtime/payments/journey/lead";
import { STEP_TITLES, STEPS, isComplete, stepIndex, type Step } from "@/runtime/payments/journey/steps";

/** The journey's own address for a car (and a step, for the Change links). */
export const journeyHref = (slug: string, step?: Step) => `/checkout-journey?${new URLSearchParams({ car_id: slug, ...(step ? { step } : {}) }).toString()}`;

/** Which of the page's views a car's journey shows: the order sent, the car no longer for sale online (unless this journey holds it), or a step. */
export function journeyView(data: JourneyData): "sent" | "unavailable" | "step" {
  if (data.state.submitted) return "sent";
  if (data.availability !== "ok" && !data.reservation) return "unavailable";
  return "step";
}

export interface ProgressItem {
  step: Step;
  /** 1-based, as shown. */
  number: number;
  title: string;
  current: boolean;
  /** Done and not the current step (said to screen readers). */
  done: boolean;
  /** A link back to it: reached, not the current one, and never a paid deposit. */
  open: boolean;
}

export function progressOf(data: JourneyData): ProgressItem[] {
  return STEPS.map((step, i) => {
    const current = step === data.step;
    return {
      step,
      number: i + 1,
      title: STEP_TITLES[step],
      current,
      done: isComplete(data.state, step) && !current,
      open: !current && stepIndex(step) <= stepIndex(data.reached) && !(step === "deposit" && data.state.reservationId !== null),
    };
  });
}

/** "Step 3 of 6: Trade-in". */
export const stepHeading = (step: Step) => `Step ${stepIndex(step) + 1} of ${STEPS.length}: ${STEP_TITLES[step]}`;

/** What the shopper typed in this step's last refused post, and a field's message (none when the post was accepted). */
export function lastPost(data: JourneyData) {
  const typed = data.draft?.typed ?? {};
  const err = (field: string) => data.draft?.errors.find((e) => e.field === field)?.message;
  return { typed, err };
}

/** The contact step: typed, else the saved answer, else a signed-in shopper's details (never a postcode). */
export function contactStart(data: JourneyData): Record<"name" | "last_name" | "email" | "phone" | "postcode", string> {
  const c = data.state.answers.contact;
  const { typed } = lastPost(data);
  const v = (f: "name" | "last_name" | "email" | "phone" | "postcode") => typed[f] ?? c?.[f] ?? (f === "postcode" ? undefined : data.prefill[f]) ?? "";
  return { name: v("name"), last_name: v("last_name"), email: v("email"), phone: v("phone"), postcode: v("postcode") };
}

/** The delivery step: pickup first; the only location chosen when there is one; Queensland as the state. */
export function deliveryStart(data: JourneyData) {
  const d = data.state.answers.delivery;
  const { typed } = lastPost(data);
  const addr = d?.method === "delivery" ? d : null;
  return {
    method: typed.method ?? d?.method ?? "pickup",
    location: typed.location ?? (d?.method === "pickup" ? String(d.locationId) : data.locations.length === 1 ? String(data.locations[0]!.id) : ""),
    street: typed.street ?? addr?.street ?? "",
    suburb: typed.suburb ?? addr?.suburb ?? "",
    state: typed.state ?? addr?.state ?? "QLD",
    postcode: typed.postcode ?? addr?.postcode ?? "",
  };
}

/** The trade-in step: yes or no unanswered until chosen; each question starts at its first option. */
export function tradeInStart(data: JourneyData) {
  const t = data.state.answers.tradeIn;
  const { typed } = lastPost(data);
  const saved = t?.has ? t : null;
  return {
    has: typed.has_trade_in ?? (t ? (t.has ? "yes" : "no") : ""),
    rego: typed.rego ?? saved?.rego ?? "",
    regoState: typed.regoState ?? saved?.regoState ?? "QLD",
    kms: typed.kms ?? (saved ? String(saved.kms) : ""),
    answers: Object.fromEntries(data.questions.map((q) => [q.id, typed[`q_${q.id}`] ?? saved?.adjustmentAnswers[q.id] ?? q.options[0]!])) as Record<
      string,
      string
    >,
    /** The saved valuation in words, or null before one. */
    estimate: saved
      ? saved.valuation.status === "offer"
        ? `Your ${saved.vehicle.year} ${saved.vehicle.make} ${saved.vehicle.model}: estimate ${formatCurrency(saved.valuation.offerPrice)}.`
        : saved.valuation.message
      : null,
  };
}

/** The finance step: with finance when the site offers it; the calculator's figures as used. Null when finance is not offered. */
export function financeFormStart(data: JourneyData) {
  const fin = data.finance;
  if (!fin) return null;
  const f = data.state.answers.finance;
  const { typed } = lastPost(data);
  const u = fin.output.used;
  return {
    method: typed.pay_method ?? f?.method ?? "finance",
    term: typed.term ?? String(u.termYears),
    deposit: typed.deposit ?? String(u.deposit),
    frequency: typed.frequency ?? u.frequency,
    residual: typed.residual ?? String(u.residual),
  };
}

export interface SummaryRow {
  label: string;
  /** The step a Change link goes back to (none for the car and the paid deposit). */
  step?: Step;
  text: string;
}

/** The summary: the car, the contact, the delivery, trade-in and finance answers, and the paid deposit. */
export function summaryRows(data: JourneyData): SummaryRow[] {
  const { contact: c, delivery, tradeIn, finance } = data.state.answers;
  const rows: SummaryRow[] = [{ label: "Vehicle", text: `${data.car.title}${data.car.price !== null ? ` · ${formatCurrency(data.car.price)}` : ""}` }];
  if (c) rows.push({ label: "Your details", step: "contact", text: `${c.name} ${c.last_name}, ${c.email}, ${c.phone}, ${c.postcode}` });
  // Each answer's line in the words the dealer's lead carries.
  const answered = [
    ["delivery", { delivery }],
    ["trade-in", { tradeIn }],
    ["finance", { finance }],
  ] as const;
  for (const [step, answer] of answered) {
    const [line] = summaryLines(answer, null);
    if (line) rows.push({ label: STEP_TITLES[step], step, text: line });
  }
  const r = data.reservation;
  if (r)
    rows.push({
      label: "Deposit",
      text:
        `${formatCurrencyCents(r.depositCents / 100)} paid, 100% refundable (reservation ${r.id})` +
        (r.expiresAt && r.status === "held" ? `, held until ${formatHoldEnd(r.expiresAt, data.timeZone)}` : ""),
    });
  return rows;
}
