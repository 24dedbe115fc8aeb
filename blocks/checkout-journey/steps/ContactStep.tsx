import styles from "@/blocks/shared/payments/payment-form.module.css";
import { contactStart, lastPost } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { Field, StepForm } from "./form-parts";

export function ContactStep({ data }: { data: JourneyData }) {
  const v = contactStart(data);
  const { err } = lastPost(data);
  return (
    <StepForm data={data} back={false}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Your details</legend>
        <Field name="name" label="First name" autoComplete="given-name" value={v.name} error={err("name")} />
        <Field name="last_name" label="Last name" autoComplete="family-name" value={v.last_name} error={err("last_name")} />
        <Field name="email" label="Email" type="email" inputMode="email" autoComplete="email" value={v.email} error={err("email")} />
        <Field name="phone" label="Mobile" type="tel" inputMode="tel" autoComplete="tel" value={v.phone} error={err("phone")} />
        <Field name="postcode" label="Postcode" inputMode="numeric" autoComplete="postal-code" maxLength={4} value={v.postcode} error={err("postcode")} />
      </fieldset>
    </StepForm>
  );
}
