import { cache } from "react";
import { getAccessFallbackHTTPStatus, isHTTPAccessFallbackError } from "next/dist/client/components/http-access-fallback/http-access-fallback";

/**
 * A page that is not found answers with the dealer's themed 404 as its own content.
 *
 * Why the page catches its own notFound() rather than letting Next draw the layout's not-found
 * element: a notFound() that reaches Next outside a Suspense boundary fails the HTML render's
 * shell (React's server renderer runs no error boundaries), and Next then sends an empty error
 * document (`<html id="__next_error__">`) with the 404 only in the RSC payload, so the 404 shows
 * once JavaScript runs and never before. Caught here, the 404 is an ordinary render: its HTML holds
 * the header, the message, the links and the footer. Next cannot be told the status from a page
 * that rendered, so the 404 carries a mark (`notFoundAnswer` in not-found-page.tsx) from which the
 * production server sets 404 (runtime/http/not-found-status.mjs); the mark is in the HTML, so a
 * cached copy of the page answers 404 as well.
 *
 * Next still writes a layout's not-found element into every page's payload. A page that tracks
 * itself here never needs it (its 404 is its own content), so that element is a small stand-in
 * (runtime/render/not-found-stand-in.tsx); a render whose page never said it started (Next's own
 * 404 route) gets the full 404.
 */
export interface OutcomeGate {
  started: boolean;
}

export function newOutcomeGate(): OutcomeGate {
  return { started: false };
}

/** One gate per server render (React's per-request cache; a fresh one for every call outside a render). */
const gateOfRender = cache(newOutcomeGate);

export function isNotFoundError(error: unknown): boolean {
  return isHTTPAccessFallbackError(error) && getAccessFallbackHTTPStatus(error) === 404;
}

/**
 * Runs a page's render; a notFound() from it (or any block inside it) becomes `notFoundPage()`.
 * Call it first thing in the page's function (before any await), so the gate says "started"
 * before the layout's 404 element of the same render is drawn. Redirects and other errors pass.
 */
export async function trackPage<T, F>(render: () => Promise<T>, notFoundPage: () => F | Promise<F>, gate: OutcomeGate = gateOfRender()): Promise<T | F> {
  gate.started = true;
  try {
    return await render();
  } catch (error) {
    if (isNotFoundError(error)) return notFoundPage();
    throw error;
  }
}

/** True when the layout's 404 element must be drawn in full: no page of this render tracked itself. */
export async function notFoundShown(gate: OutcomeGate = gateOfRender()): Promise<boolean> {
  return !gate.started;
}
