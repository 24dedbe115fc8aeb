import Link from "next/link";
import type { ResolvedOnlinePaymentProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formatDeposit } from "@/runtime/reservations/rules";
import { ONLINE_PAYMENT_MAX_DOLLARS, ONLINE_PAYMENT_PURPOSES } from "@/runtime/payments/purposes/online-payment";
import { ONLINE_PAYMENT_URLS } from "@/runtime/payments/routes";
import { PaymentMarks, TestCardList } from "@/blocks/shared/payments/PaymentMarks";
import type { OnlinePaymentData } from "./load";
import { CardFields, FieldError, PaymentField } from "@/blocks/shared/payments/PaymentField";
import { PaymentErrorSummary, TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
import { StripePayment } from "@/blocks/shared/payments/client/StripePayment.lazy";
import styles from "@/blocks/shared/payments/payment-form.module.css";

/**
 * Pay a balance or another amount the dealer asked for: a plain form post to the online payment
 * purpose's `pay` step when the provider takes the card from our form; with a hosted card element,
 * the card goes into the provider's element and the form's other fields to the `intent` step (card
 * data never reaches our server).
 */
export function OnlinePayment({ props, data }: BlockComponentProps<ResolvedOnlinePaymentProps, OnlinePaymentData>) {
  if (!data) return null;
  if (data.confirmation) {
    const c = data.confirmation;
    return (
      <section className={styles.section} aria-labelledby="payment-title">
        <h1 id="payment-title" className={styles.title}>
          Payment received
        </h1>
        <div className={styles.card} data-testid="payment-confirmation">
          <p>
            Thank you. We received your payment of <strong>{formatDeposit(c.amountCents)}</strong> for {c.purpose} (reference {c.reference}).
          </p>
          <p>Payment number: {c.id}</p>
          {data.payment?.testMode ? <p className={styles.testNote}>Test mode: no real money was taken.</p> : null}
        </div>
        <p>
          <Link href="/">Back to the home page</Link>
        </p>
      </section>
    );
  }
  const fieldError = (f: string) => data.error?.fields.find((e) => e.field === f)?.message;
  // A provider in test mode that takes the card from our form: its test numbers are listed.
  const testCards = data.payment?.testMode === true && data.payment.cardEntry === "form";
  return (
    <section className={styles.section} aria-labelledby="payment-title">
      <h1 id="payment-title" className={styles.title}>
        {props.heading}
      </h1>
      <p>{props.intro}</p>
      {testCards ? <TestModeNotice /> : null}
      {data.error ? <PaymentErrorSummary idPrefix="payment" testId="payment-error" message={data.error.message} fields={data.error.fields} /> : null}
      <form className={styles.form} method="post" action={ONLINE_PAYMENT_URLS.pay}>
        <input type="hidden" name="token" value={data.token} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>The payment</legend>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="payment-purpose">
              What is it for?
            </label>
            <select
              className={styles.input}
              id="payment-purpose"
              name="purpose"
              defaultValue={data.values.purpose}
              required
              aria-invalid={fieldError("purpose") ? true : undefined}
              aria-describedby={fieldError("purpose") ? "payment-purpose-error" : undefined}
            >
              <option value="">Choose one</option>
              {ONLINE_PAYMENT_PURPOSES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <FieldError id="payment-purpose" error={fieldError("purpose")} />
          </div>
          <PaymentField
            idPrefix="payment"
            name="reference"
            label="Reference (invoice, order or stock number)"
            autoComplete="off"
            value={data.values.reference}
            error={fieldError("reference")}
          />
          <PaymentField
            idPrefix="payment"
            name="amount"
            label={`Amount in whole dollars (up to $${ONLINE_PAYMENT_MAX_DOLLARS.toLocaleString("en-AU")})`}
            inputMode="numeric"
            autoComplete="off"
            value={data.values.amount}
            error={fieldError("amount")}
          />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>Your details</legend>
          <PaymentField idPrefix="payment" name="name" label="First name" autoComplete="given-name" value="" error={fieldError("name")} />
          <PaymentField idPrefix="payment" name="last_name" label="Last name" autoComplete="family-name" value="" error={fieldError("last_name")} />
          <PaymentField
            idPrefix="payment"
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={data.values.email}
            error={fieldError("email")}
          />
          <PaymentField
            idPrefix="payment"
            name="phone"
            label="Mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={data.values.phone}
            error={fieldError("phone")}
          />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>Card</legend>
          <PaymentMarks />
          {data.payment?.cardEntry === "hosted" && data.payment.publishableKey ? (
            <StripePayment
              publishableKey={data.payment.publishableKey}
              amountCents={/^\d{1,5}$/.test(data.values.amount) && Number(data.values.amount) > 0 ? Number(data.values.amount) * 100 : 100}
              buttonText="Pay now"
              intentPath={ONLINE_PAYMENT_URLS.intent}
              returnPath={ONLINE_PAYMENT_URLS.return}
              amountField="amount"
            />
          ) : (
            <>
              <CardFields idPrefix="payment" />
              {testCards ? <TestCardList /> : null}
              <button type="submit" className={styles.submit}>
                Pay now
              </button>
            </>
          )}
        </fieldset>
      </form>
    </section>
  );
}
