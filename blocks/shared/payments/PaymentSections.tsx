import type { ReactNode } from "react";
import type { PaymentPage } from "@/runtime/payments/registry";
import { formatDeposit } from "@/runtime/reservations/rules";
import { PaymentMarks, TestCardList } from "./PaymentMarks";
import { CardFields, FieldError, PaymentField, type PaymentFieldProps } from "./PaymentField";
import { hostedKey } from "./form-state";
import { StripePayment } from "./client/StripePayment.lazy";
import styles from "./payment-form.module.css";

/** The contact fields every payment page asks for, in order. */
const CONTACT_FIELDS = [
  { name: "name", label: "First name", autoComplete: "given-name" },
  { name: "last_name", label: "Last name", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", inputMode: "email", autoComplete: "email" },
  { name: "phone", label: "Mobile", type: "tel", inputMode: "tel", autoComplete: "tel" },
] as const satisfies readonly Omit<PaymentFieldProps, "idPrefix" | "value">[];

/** The shopper's name, email and mobile, as every payment page asks for them; `children`: a page's further fields. */
export function ContactFieldset(p: {
  idPrefix: string;
  values: Record<(typeof CONTACT_FIELDS)[number]["name"], string>;
  fieldError: (field: string) => string | undefined;
  children?: ReactNode;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subtitle}>Your details</legend>
      {CONTACT_FIELDS.map((f) => (
        <PaymentField key={f.name} idPrefix={p.idPrefix} {...f} value={p.values[f.name]} error={p.fieldError(f.name)} />
      ))}
      {p.children}
    </fieldset>
  );
}

/** What a deposit buys: the amount, how long it holds the car, and that it is refundable. */
export function DepositHold(p: { depositCents: number; carTitle: string; holdHours: number }) {
  return (
    <p className={styles.deposit}>
      <strong>{formatDeposit(p.depositCents)}</strong> holds this {p.carTitle} for you for <strong>{p.holdHours} hours</strong>. The deposit is{" "}
      <strong>100% refundable</strong>.
    </p>
  );
}

/** The dealer's terms, and the checkbox by which the shopper accepts them (`${idPrefix}-terms`). */
export function TermsFieldset(p: { idPrefix: string; terms: string; label: string; error: string | undefined; required?: boolean }) {
  const id = `${p.idPrefix}-terms`;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subtitle}>Terms</legend>
      <p className={styles.terms}>{p.terms}</p>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          name="terms"
          value="yes"
          required={p.required}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{p.label}</label>
      </div>
      <FieldError id={id} error={p.error} />
    </fieldset>
  );
}

/**
 * The card: the provider's hosted element (card data never reaches our server), or our own card
 * fields for a plain form post, with the test numbers while a form-entry provider is in test mode.
 */
export function CardFieldset(p: {
  idPrefix: string;
  legend: string;
  payment: PaymentPage | null;
  testCards: boolean;
  /** The submit button's words, on our button and the hosted element's. */
  buttonText: string;
  /** What the hosted element charges and where it posts. */
  hosted: { amountCents: number; intentPath: string; returnPath: string; amountField?: string };
  /** The gateway's refusal of the card number, where the page shows it at the field. */
  cardNumberError?: string;
  /** Our submit button in the fieldset (the default); false where the page puts it beside its own Back. */
  submit?: boolean;
  /** Said before the card (what the payment buys). */
  children?: ReactNode;
}) {
  const publishableKey = hostedKey(p.payment);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subtitle}>{p.legend}</legend>
      {p.children}
      <PaymentMarks methods={p.payment?.methods ?? []} />
      {publishableKey ? (
        <StripePayment publishableKey={publishableKey} buttonText={p.buttonText} {...p.hosted} />
      ) : (
        <>
          <CardFields idPrefix={p.idPrefix} cardNumberError={p.cardNumberError} />
          {p.testCards ? <TestCardList /> : null}
          {p.submit === false ? null : (
            <button type="submit" className={styles.submit}>
              {p.buttonText}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
