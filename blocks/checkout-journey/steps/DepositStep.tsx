import { formatDeposit } from "@/runtime/reservations/rules";
import { CardFieldset, DepositHold } from "@/blocks/shared/payments/PaymentSections";
import { hostedKey } from "@/blocks/shared/payments/form-state";
import { TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
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
  return (
    <form className={styles.form} method="post" action={ACTION} id="journey-form" noValidate>
      <input type="hidden" name="car_id" value={data.car.slug} />
      <input type="hidden" name="step" value="deposit" />
      <input type="hidden" name="token" value={data.token} />
      {data.testMode ? <TestModeNotice /> : null}
      <CardFieldset
        idPrefix={ID_PREFIX}
        legend="Deposit"
        payment={data.payment}
        testCards={data.testMode}
        buttonText={`Pay ${deposit} deposit`}
        hosted={{ amountCents: data.depositCents, intentPath: JOURNEY_URLS.intent, returnPath: JOURNEY_URLS.return }}
        cardNumberError={err("card_number")}
        submit={false}
      >
        <DepositHold depositCents={data.depositCents} carTitle={data.car.title} holdHours={data.holdHours} />
      </CardFieldset>
      <div className={own.buttons}>
        {/* The hosted element's own button pays; Back still posts the form. */}
        {hostedKey(data.payment) ? null : (
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
