import { formatDeposit } from "@/runtime/reservations/rules";
import { PaymentMarks, TestCardList } from "@/blocks/shared/payments/PaymentMarks";
import { CardFields } from "@/blocks/shared/payments/PaymentField";
import { TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
import { StripePayment } from "@/blocks/shared/payments/client/StripePayment.lazy";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "../checkout-journey.module.css";
import { lastPost } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { ACTION, ID_PREFIX } from "./form-parts";
import { JOURNEY_URLS } from "@/runtime/payments/routes";

/**
 * The refundable deposit that holds the car: the test gateway's card fields in this form, or
 * Stripe's Payment Element (card data never reaches our server) with its own pay button. The
 * form's token makes a form posted twice one payment.
 */
export function DepositStep({ data }: { data: JourneyData }) {
  const deposit = formatDeposit(data.depositCents);
  const { err } = lastPost(data);
  const stripe = data.payment?.cardEntry === "hosted" ? data.payment.publishableKey : null;
  return (
    <form className={styles.form} method="post" action={ACTION} id="journey-form" noValidate>
      <input type="hidden" name="car_id" value={data.car.slug} />
      <input type="hidden" name="step" value="deposit" />
      <input type="hidden" name="token" value={data.token} />
      {data.testMode ? <TestModeNotice /> : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Deposit</legend>
        <p className={styles.deposit}>
          <strong>{deposit}</strong> holds this {data.car.title} for you for <strong>{data.holdHours} hours</strong>. The deposit is{" "}
          <strong>100% refundable</strong>.
        </p>
        <PaymentMarks methods={data.payment?.methods ?? []} />
        {stripe ? (
          // Its own submit button pays; Back still posts the form.
          <StripePayment
            publishableKey={stripe}
            amountCents={data.depositCents}
            buttonText={`Pay ${deposit} deposit`}
            intentPath={JOURNEY_URLS.intent}
            returnPath={JOURNEY_URLS.return}
          />
        ) : (
          <CardFields idPrefix={ID_PREFIX} cardNumberError={err("card_number")} />
        )}
        {data.testMode ? <TestCardList /> : null}
      </fieldset>
      <div className={own.buttons}>
        {stripe ? null : (
          <button type="submit" name="intent" value="next" className={styles.submit}>
            Pay {deposit} deposit
          </button>
        )}
        <button type="submit" name="intent" value="back" className={own.back}>
          Back
        </button>
      </div>
    </form>
  );
}
