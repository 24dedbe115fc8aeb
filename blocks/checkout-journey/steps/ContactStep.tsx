import { ContactFieldset } from "@/blocks/shared/payments/PaymentSections";
import { contactStart, lastPost } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { Field, ID_PREFIX, StepForm } from "./form-parts";

export function ContactStep({ data }: { data: JourneyData }) {
  const v = contactStart(data);
  const { err } = lastPost(data);
  return (
    <StepForm data={data} back={false}>
      <ContactFieldset idPrefix={ID_PREFIX} values={v} fieldError={err}>
        <Field name="postcode" label="Postcode" inputMode="numeric" autoComplete="postal-code" maxLength={4} value={v.postcode} error={err("postcode")} />
      </ContactFieldset>
    </StepForm>
  );
}
