import { Link } from "@/runtime/ui/link";
import type { ResolvedOnlinePaymentProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formatDeposit } from "@/runtime/reservations/rules";
import { ONLINE_PAYMENT_MAX_DOLLARS, ONLINE_PAYMENT_PURPOSES } from "@/runtime/payments/purposes/online-payment";
import { ONLINE_PAYMENT_URLS } from "@/runtime/payments/routes";
import type { OnlinePaymentData } from "./load";
import { PaymentField, PaymentSelect } from "@/blocks/shared/payments/PaymentField";
import { PaymentOutcome } from "@/blocks/shared/payments/PaymentPages";
import { CardFieldset, ContactFieldset } from "@/blocks/shared/payments/PaymentSections";
import { fieldErrorOf, listsTestCards } from "@/blocks/shared/payments/form-state";
import { PaymentErrorSummary, TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
import styles from "@/blocks/shared/payments/payment-form.module.css";

/** The payment received: its amount, purpose, reference and number. */
function PaymentReceived({ data }: { data: OnlinePaymentData }) {
  const c = data.confirmation!;
  return (
    <PaymentOutcome
      titleId="payment-title"
      title="Payment received"
      testId="payment-confirmation"
      testMode={data.payment?.testMode}
      next={<Link href="/">Back to the home page</Link>}
    >
      <p>
        Thank you. We received your payment of <strong>{formatDeposit(c.amountCents)}</strong> for {c.purpose} (reference {c.reference}).
      </p>
      <p>Payment number: {c.id}</p>
    </PaymentOutcome>
  );
}

const PURPOSE_OPTIONS = ONLINE_PAYMENT_PURPOSES.map((p) => ({ value: p, label: p }));

/** What the payment is for, its reference and its amount. */
function PaymentFieldset({ values, fieldError }: { values: OnlinePaymentData["values"]; fieldError: (field: string) => string | undefined }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subtitle}>The payment</legend>
      <PaymentSelect
        idPrefix="payment"
        name="purpose"
        label="What is it for?"
        value={values.purpose}
        options={PURPOSE_OPTIONS}
        placeholder="Choose one"
        error={fieldError("purpose")}
        required
      />
      <PaymentField
        idPrefix="payment"
        name="reference"
        label="Reference (invoice, order or stock number)"
        autoComplete="off"
        value={values.reference}
        error={fieldError("reference")}
      />
      <PaymentField
        idPrefix="payment"
        name="amount"
        label={`Amount in whole dollars (up to $${ONLINE_PAYMENT_MAX_DOLLARS.toLocaleString("en-AU")})`}
        inputMode="numeric"
        autoComplete="off"
        value={values.amount}
        error={fieldError("amount")}
      />
    </fieldset>
  );
}

/**
 * Pay a balance or another amount the dealer asked for: a plain form post to the online payment
 * purpose's `pay` step when the provider takes the card from our form; with a hosted card element,
 * the card goes into the provider's element and the form's other fields to the `intent` step (card
 * data never reaches our server).
 */
export function OnlinePayment({ props, data }: BlockComponentProps<ResolvedOnlinePaymentProps, OnlinePaymentData>) {
  if (!data) return null;
  if (data.confirmation) return <PaymentReceived data={data} />;
  const fieldError = fieldErrorOf(data.error);
  const testCards = listsTestCards(data.payment);
  // The hosted element charges the amount typed; until a valid one is typed, a dollar.
  const amountCents = /^\d{1,5}$/.test(data.values.amount) && Number(data.values.amount) > 0 ? Number(data.values.amount) * 100 : 100;
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
        <PaymentFieldset values={data.values} fieldError={fieldError} />
        <ContactFieldset idPrefix="payment" values={{ name: "", last_name: "", email: data.values.email, phone: data.values.phone }} fieldError={fieldError} />
        <CardFieldset
          idPrefix="payment"
          legend="Card"
          payment={data.payment}
          testCards={testCards}
          buttonText="Pay now"
          hosted={{ amountCents, intentPath: ONLINE_PAYMENT_URLS.intent, returnPath: ONLINE_PAYMENT_URLS.return, amountField: "amount" }}
        />
      </form>
    </section>
  );
}
