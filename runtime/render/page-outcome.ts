import { cache } from "react";
import { getAccessFallbackHTTPStatus, isHTTPAccessFallbackError } from "next/dist/client/components/http-access-fallback/http-access-fallback";

/**
 * Whether a render needs the dealer's themed 404 drawn in full.
 *
 * Next renders a layout's not-found element into the page's payload on every render, whether the
 * page ends in notFound() or not: on a dealer page that was the whole 404 (header, header script,
 * message, footer), about 11 KB of every page's HTML that nobody sees. A page's render notes here
 * how it ended (`trackPage`), and the 404 waits for that: drawn in full when the page called
 * notFound(), kept to a small stand-in otherwise (runtime/render/not-found-page.tsx).
 *
 * Every notFound() of a dealer page is called while the page's function runs (the block
 * functions run inside it: runtime/render/render-blocks.tsx), so when that function has settled
 * the outcome is known. A render whose page never said it started (Next's own 404 route, a
 * page that does not track itself) gets the full 404: no render ever waits on a page that is
 * not coming.
 */
export type PageOutcome = "rendered" | "not-found";

export interface OutcomeGate {
  started: boolean;
  readonly outcome: Promise<PageOutcome>;
  settle(outcome: PageOutcome): void;
}

export function newOutcomeGate(): OutcomeGate {
  let settle!: (outcome: PageOutcome) => void;
  const outcome = new Promise<PageOutcome>((resolve) => (settle = resolve));
  return { started: false, outcome, settle };
}

/** One gate per server render (React's per-request cache; a fresh one for every call outside a render). */
const gateOfRender = cache(newOutcomeGate);

export function isNotFoundError(error: unknown): boolean {
  return isHTTPAccessFallbackError(error) && getAccessFallbackHTTPStatus(error) === 404;
}

/**
 * Runs a page's render and notes how it ended. Call it first thing in the page's function (before
 * any await), so the gate says "started" before the 404 element of the same render is drawn.
 */
export function trackPage<T>(render: () => Promise<T>, gate: OutcomeGate = gateOfRender()): Promise<T> {
  gate.started = true;
  return render().then(
    (value) => {
      gate.settle("rendered");
      return value;
    },
    (error: unknown) => {
      gate.settle(isNotFoundError(error) ? "not-found" : "rendered");
      throw error;
    },
  );
}

/** True when this render's 404 is shown: its page called notFound(), or no page tracked itself. */
export async function notFoundShown(gate: OutcomeGate = gateOfRender()): Promise<boolean> {
  if (!gate.started) return true;
  return (await gate.outcome) === "not-found";
}
