/**
 * The journey's form parts: each step is a plain form post to the journey's endpoint (it works
 * before JavaScript), its fields named `journey-{name}` so the error summary links to them.
 */
import type { ReactNode } from "react";
import { FieldError, PaymentField, PaymentSelect, type PaymentFieldProps } from "@/blocks/shared/payments/PaymentField";
import { PaymentErrorSummary } from "@/blocks/shared/payments/PaymentNotices";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "../checkout-journey.module.css";
import type { JourneyData } from "../load";
import { JOURNEY_URLS } from "@/runtime/payments/routes";

export const ACTION = JOURNEY_URLS.pay;
export const ID_PREFIX = "journey";

export const Field = (p: Omit<PaymentFieldProps, "idPrefix">) => <PaymentField idPrefix={ID_PREFIX} {...p} />;

type Options = readonly { value: string; label: string }[];

export const Select = (p: { name: string; label: string; value: string; options: Options; error?: string }) => <PaymentSelect idPrefix={ID_PREFIX} {...p} />;

/** A group of radio buttons in a fieldset with its legend; the error is tied to the group. */
export function Choice(p: { name: string; legend: string; value: string; options: Options; error?: string }) {
  const id = `${ID_PREFIX}-${p.name}`;
  return (
    <fieldset className={own.choice} aria-describedby={p.error ? `${id}-error` : undefined}>
      <legend className={styles.label}>{p.legend}</legend>
      {p.options.map((o) => (
        <div className={styles.check} key={o.value}>
          <input id={`${id}-${o.value}`} type="radio" name={p.name} value={o.value} defaultChecked={p.value === o.value} />
          <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      <FieldError id={id} error={p.error} />
    </fieldset>
  );
}

/** One step's form: the car, the step and the carried figures as hidden fields; Continue first so Enter goes on. */
export function StepForm({ data, children, next = "Continue", back = true }: { data: JourneyData; children: ReactNode; next?: string; back?: boolean }) {
  return (
    <form className={styles.form} method="post" action={ACTION} id="journey-form" noValidate>
      <input type="hidden" name="car_id" value={data.car.slug} />
      <input type="hidden" name="step" value={data.step} />
      {Object.entries(data.carried).map(([k, v]) => (
        <input key={k} type="hidden" name={`carry_${k}`} value={v} />
      ))}
      {children}
      <div className={own.buttons}>
        <button type="submit" name="intent" value="next" className={styles.submit}>
          {next}
        </button>
        {back ? (
          <button type="submit" name="intent" value="back" className={own.back}>
            Back
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The refused post's messages, each linking to its field. */
export function ErrorSummary({ data }: { data: JourneyData }) {
  const d = data.draft;
  if (!d || (!d.errors.length && !d.message)) return null;
  return <PaymentErrorSummary idPrefix={ID_PREFIX} testId="journey-error" message={d.message ?? "Please fix the following errors:"} fields={d.errors} />;
}
