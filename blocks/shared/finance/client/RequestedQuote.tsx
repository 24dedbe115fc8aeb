"use client";

import { useEffect, useState } from "react";
import type { QuoteRequest, QuoteResponse } from "@/runtime/finance/quote";
import { carFinanceQuote, quoteText, type QuoteText } from "@/runtime/finance/car-quote";

const PENDING = { visibility: "hidden" } as const;

/** One request per car and page, shared by every place that shows the car's quote (card, sidebar). */
const pending = new Map<string, Promise<QuoteResponse | null>>();

export function fetchQuote(request: QuoteRequest): Promise<QuoteResponse | null> {
  const key = JSON.stringify(request);
  let p = pending.get(key);
  if (!p) {
    p = fetch("/api/youx/quote", { method: "POST", headers: { "content-type": "application/json" }, body: key })
      .then((r) => (r.ok ? (r.json() as Promise<QuoteResponse>) : null))
      // A failed quote shows nothing (silently ignored).
      .catch(() => null);
    pending.set(key, p);
  }
  return p;
}

/**
 * A car without a quote asks the quote service once it is on screen in the browser (the page
 * itself is cached for everyone) and shows the answer with the same words as a quoted car;
 * nothing until then, and nothing on failure.
 */
export interface RequestedQuoteProps {
  request: QuoteRequest;
  /** card: '$85.96 /wk' and the rate; summary: 'From $85.96 per week*' and the rate. */
  variant: "card" | "summary";
  /** Class names from the server component's stylesheet (a server parent cannot hand a render function to a client part). */
  classes: { weekly?: string; per?: string; rate?: string; disclaimer?: string };
  /** The card's 'Click for Finance Disclaimer' target, shown with the figure only. */
  disclaimerHref?: string;
}

export function RequestedQuote({ request, variant, classes, disclaimerHref }: RequestedQuoteProps) {
  const [text, setText] = useState<QuoteText | null>(null);
  useEffect(() => {
    let live = true;
    void fetchQuote(request).then((res) => {
      if (!live || !res) return;
      // The same rules as a quote from the feed (a payment of 25 or less is not shown).
      const q = carFinanceQuote({ status: "in_stock", price: request.purchasePrice, youxQuote: res });
      if (q.kind === "quote") setText(quoteText(q));
    });
    return () => {
      live = false;
    };
  }, [request]);
  if (!text) {
    if (variant !== "card") return null;
    // A card keeps the quote's room while it is asked for (the same three lines, invisible), so
    // the answer does not push down what is under the card: similar cars go live as they near the
    // screen, and a quote arriving then moved the page by about 90 px. Kept, blank, on a failure.
    return (
      <>
        <span className={classes.weekly} aria-hidden="true" style={PENDING} data-testid="requested-quote-pending">
          $000.00<span className={classes.per}> /wk</span>
        </span>
        <span className={classes.rate} aria-hidden="true" style={PENDING}>
          0.00% p.a.
        </span>
        {disclaimerHref ? (
          <span className={classes.disclaimer} aria-hidden="true" style={PENDING}>
            Click for Finance Disclaimer
          </span>
        ) : null}
      </>
    );
  }
  if (variant === "card")
    return (
      <>
        <span className={classes.weekly} data-testid="requested-quote">
          {text.weekly}
          <span className={classes.per}> /wk</span>
        </span>
        {text.rate ? <span className={classes.rate}>{text.rate}</span> : null}
        {disclaimerHref ? (
          <a className={classes.disclaimer} href={disclaimerHref}>
            Click for Finance Disclaimer
          </a>
        ) : null}
      </>
    );
  return (
    <>
      <p data-testid="requested-quote">
        From <strong className={classes.weekly}>{text.weekly}</strong> per week*
      </p>
      {text.rate ? <p className={classes.rate}>{text.rate}</p> : null}
    </>
  );
}
