import type { PaymentPage } from "@/runtime/payments/registry";
import { PaymentMarks, TestCardList } from "./PaymentMarks";
import { CardFields, PaymentField } from "./PaymentField";
import { StripePayment } from "./client/StripePayment.lazy";
import styles from "./payment-form.module.css";

/** The shopper's name, email and mobile, as every payment page asks for them. */
export function ContactFieldset(p: {
  idPrefix: string;
  values: { name: string; last_name: string; email: string; phone: string };
  fieldError: (field: string) => string | undefined;
}) {
  const { idPrefix, values, fieldError } = p;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subtitle}>Your details</legend>
      <PaymentField idPrefix={idPrefix} name="name" label="First name" autoComplete="given-name" value={values.name} error={fieldError("name")} />
      <PaymentField
        idPrefix={idPrefix}
        name="last_name"
        label="Last name"
        autoComplete="family-name"
        value={values.last_name}
        error={fieldError("last_name")}
      />
      <PaymentField
        idPrefix={idPrefix}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        error={fieldError("email")}
      />
      <PaymentField
        idPrefix={idPrefix}
        name="phone"
        label="Mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={values.phone}
        error={fieldError("phone")}
      />
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
}) {
  const { payment } = p;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subtitle}>{p.legend}</legend>
      <PaymentMarks methods={payment?.methods ?? []} />
      {payment?.cardEntry === "hosted" && payment.publishableKey ? (
        <StripePayment publishableKey={payment.publishableKey} buttonText={p.buttonText} {...p.hosted} />
      ) : (
        <>
          <CardFields idPrefix={p.idPrefix} />
          {p.testCards ? <TestCardList /> : null}
          <button type="submit" className={styles.submit}>
            {p.buttonText}
          </button>
        </>
      )}
    </fieldset>
  );
}
