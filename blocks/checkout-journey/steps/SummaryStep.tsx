import { FieldError } from "@/blocks/shared/payments/PaymentField";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import { lastPost } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { Answers } from "./Answers";
import { StepForm } from "./form-parts";

/** Every answer with its Change link, the dealer's terms and their checkbox, and Send my order. */
export function SummaryStep({ data, terms }: { data: JourneyData; terms: string }) {
  const err = lastPost(data).err("terms");
  return (
    <StepForm data={data} next="Send my order">
      <section className={styles.card} aria-labelledby="journey-summary-title">
        <h2 id="journey-summary-title" className={styles.subtitle}>
          Summary
        </h2>
        <Answers data={data} edit />
      </section>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Terms</legend>
        <p className={styles.terms}>{terms}</p>
        <div className={styles.check}>
          <input
            id="journey-terms"
            type="checkbox"
            name="terms"
            value="yes"
            aria-invalid={err ? true : undefined}
            aria-describedby={err ? "journey-terms-error" : undefined}
          />
          <label htmlFor="journey-terms">I accept the terms</label>
        </div>
        <FieldError id="journey-terms" error={err} />
      </fieldset>
    </StepForm>
  );
}
