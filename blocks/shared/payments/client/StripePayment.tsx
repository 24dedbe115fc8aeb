"use client";
/**
 * Stripe's Payment Element for a payment form of a dealer on Stripe (the checkout's deposit, the
 * online payment). The card (or Google Pay / Apple Pay) is entered into Stripe's own iframe and
 * confirmed by Stripe.js in the browser, so card details never reach our server: the form's other
 * fields go to `intentPath`, which creates the PaymentIntent (manual capture) and answers its
 * client secret only, and Stripe redirects back to `returnPath`, where the server checks the
 * intent and captures (the checkout: reserves the car first, or voids when someone else reserved it).
 * Stripe.js is loaded here, so only the pages of a Stripe dealer that render this load it.
 */
import { useEffect, useRef, useState } from "react";
import { loadStripe, type Stripe, type StripeElements } from "@stripe/stripe-js";

export interface StripePaymentProps {
  publishableKey: string;
  /** The amount in cents; or the initial one when `amountField` lets the shopper type it. */
  amountCents: number;
  buttonText: string;
  /** Our endpoint that creates the PaymentIntent from the form's fields (JSON) and answers {clientSecret}. */
  intentPath: string;
  /** Where Stripe sends the browser after confirming (our endpoint that finishes the payment). */
  returnPath: string;
  /** A form field holding whole dollars the shopper typed (online payment): the Element is updated to it before confirming. */
  amountField?: string;
}

export function StripePayment({ publishableKey, amountCents, buttonText, intentPath, returnPath, amountField }: StripePaymentProps) {
  const mount = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stripe: Stripe | null = null;
    let elements: StripeElements | null = null;
    let cancelled = false;
    const form = button.current?.form;
    const onSubmit = async (event: SubmitEvent) => {
      // Another submit button of the same form (the checkout journey's Back) posts the form as usual.
      if (event.submitter && event.submitter !== button.current) return;
      event.preventDefault();
      if (!stripe || !elements || !form) return;
      setBusy(true);
      setError(null);
      try {
        if (amountField) {
          const dollars = Number(String(new FormData(form).get(amountField) ?? "").replace(/[$,\s]/g, ""));
          if (Number.isInteger(dollars) && dollars > 0) elements.update({ amount: dollars * 100 });
        }
        const checked = await elements.submit();
        if (checked.error) throw new Error(checked.error.message);
        const fields = Object.fromEntries([...new FormData(form).entries()].filter(([k]) => !k.startsWith("card_")).map(([k, v]) => [k, String(v)]));
        const res = await fetch(intentPath, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(fields),
        });
        const body = (await res.json()) as { clientSecret?: string; message?: string; redirect?: string };
        // This page's payment went through already (a second click, a page sent again): its confirmation.
        if (body.redirect && /^\/(?![/\\])/.test(body.redirect)) {
          window.location.assign(body.redirect);
          return;
        }
        if (!res.ok || !body.clientSecret) throw new Error(body.message ?? "We could not start the payment. Please try again.");
        const result = await stripe.confirmPayment({
          elements,
          clientSecret: body.clientSecret,
          confirmParams: { return_url: new URL(returnPath, window.location.href).toString() },
        });
        // Only reached when confirmation failed (success redirects).
        if (result.error) throw new Error(result.error.message);
      } catch (e) {
        setError(e instanceof Error ? e.message : "We could not process the payment. No money has been taken.");
        setBusy(false);
      }
    };
    void loadStripe(publishableKey).then((s) => {
      if (cancelled || !s || !mount.current) return;
      stripe = s;
      elements = s.elements({ mode: "payment", amount: amountCents, currency: "aud", captureMethod: "manual" });
      const payment = elements.create("payment");
      payment.mount(mount.current);
      payment.on("ready", () => setReady(true));
      form?.addEventListener("submit", onSubmit);
    });
    return () => {
      cancelled = true;
      form?.removeEventListener("submit", onSubmit);
    };
  }, [publishableKey, amountCents, intentPath, returnPath, amountField]);

  return (
    <div>
      <div ref={mount} aria-label="Card details (secured by Stripe)" role="group" />
      <noscript>
        <p>Paying by card needs JavaScript: Stripe&apos;s secure card field runs in your browser.</p>
      </noscript>
      {error ? <p role="alert">{error}</p> : null}
      <button ref={button} type="submit" disabled={!ready || busy} aria-busy={busy}>
        {buttonText}
      </button>
    </div>
  );
}
