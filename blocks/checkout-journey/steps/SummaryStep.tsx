import { TermsFieldset } from "@/blocks/shared/payments/PaymentSections";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import { lastPost } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { Answers } from "./Answers";
import { ID_PREFIX, StepForm } from "./form-parts";

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
      <TermsFieldset idPrefix={ID_PREFIX} terms={terms} label="I accept the terms" error={err} />
    </StepForm>
  );
}
