import { notFound } from "next/navigation";
import type { ResolvedCheckoutProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formatCurrency } from "@/runtime/finance/format";
import { resolvedWording } from "@/runtime/wording";
import { formatDeposit, formatHoldEnd } from "@/runtime/reservations/rules";
import { RESERVE_URLS } from "@/runtime/payments/routes";
import type { CheckoutData } from "./load";
import { BackToVehicle } from "@/blocks/shared/payments/BackToVehicle";
import { PaymentMarks, TestCardList } from "@/blocks/shared/payments/PaymentMarks";
import { PaymentErrorSummary, TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
import { StripePayment } from "@/blocks/shared/payments/client/StripePayment.lazy";
import { CardFields, FieldError, PaymentField } from "@/blocks/shared/payments/PaymentField";
import styles from "@/blocks/shared/payments/payment-form.module.css";

function Confirmation({ data }: { data: CheckoutData }) {
  const c = data.confirmation!;
  return (
    <section className={styles.section} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.title}>
        Reservation confirmed
      </h1>
      <div className={styles.card} data-testid="reservation-confirmation">
        <p>
          Thank you{c.firstName ? `, ${c.firstName}` : ""}. The <strong>{data.car.title}</strong> is reserved for you
          {c.expiresAt && c.status === "held" ? (
            <>
              {" "}
              until <strong>{formatHoldEnd(c.expiresAt, data.timeZone)}</strong>
            </>
          ) : null}
          .
        </p>
        <dl className={styles.summary}>
          <div>
            <dt>Deposit paid</dt>
            <dd>{formatDeposit(c.depositCents)} (100% refundable)</dd>
          </div>
          <div>
            <dt>Reservation number</dt>
            <dd>{c.id}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {c.status === "held" ? "Held for you" : c.status === "confirmed" ? "Confirmed by our team" : c.status === "expired" ? "Hold ended" : "Cancelled"}
            </dd>
          </div>
        </dl>
        {c.maskedEmail ? <p>We have emailed a copy to {c.maskedEmail}. Our team will contact you shortly.</p> : null}
        {data.payment?.testMode ? <p className={styles.testNote}>Test mode: no real money was taken.</p> : null}
      </div>
      <p>
        <BackToVehicle slug={data.car.slug} />
      </p>
    </section>
  );
}

/**
 * Reserve a car with a refundable deposit: a plain form post to the reserve purpose's `pay` step
 * (the provider takes the card from our form), or the provider's hosted card element.
 */
export function Checkout({ props, data, site, dataFailed }: BlockComponentProps<ResolvedCheckoutProps, CheckoutData | null>) {
  // No such car for this dealer: the dealer's themed 404, as on the vehicle page.
  if (data === null && !dataFailed) notFound();
  if (!data) return null;
  if (data.confirmation) return <Confirmation data={data} />;
  const car = data.car;
  const deposit = formatDeposit(data.depositCents);
  const fieldError = (f: string) => data.error?.fields.find((e) => e.field === f)?.message;
  // A provider in test mode that takes the card from our form: its test numbers are listed.
  const testCards = data.payment?.testMode === true && data.payment.cardEntry === "form";

  if (!data.eligibility.ok) {
    const reserved = data.eligibility.reason === "reserved";
    return (
      <section className={styles.section} aria-labelledby="checkout-title">
        <h1 id="checkout-title" className={styles.title}>
          Reserve the {car.title}
        </h1>
        {data.error ? (
          <p className={styles.error} role="alert">
            {data.error.message}
          </p>
        ) : null}
        <div className={styles.card}>
          {reserved ? (
            <p>
              <strong className={styles.badge} data-testid="checkout-reserved">
                {resolvedWording(site.manifest.wording).reservedTag}
              </strong>{" "}
              This vehicle has been reserved online by another buyer.
            </p>
          ) : (
            <p>This vehicle can no longer be reserved online. Please contact us about it.</p>
          )}
          <p>
            <BackToVehicle slug={car.slug} />
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.title}>
        Reserve the {car.title}
      </h1>
      {testCards ? <TestModeNotice /> : null}
      {data.error ? <PaymentErrorSummary idPrefix="checkout" testId="checkout-error" message={data.error.message} fields={data.error.fields} /> : null}

      <div className={styles.card}>
        <h2 className={styles.subtitle}>Your deposit</h2>
        <p className={styles.deposit}>
          <strong>{deposit}</strong> holds this {car.title} for you for <strong>{data.holdHours} hours</strong>. The deposit is <strong>100% refundable</strong>
          .
        </p>
        <dl className={styles.summary}>
          <div>
            <dt>Price</dt>
            <dd>{typeof car.price === "number" ? formatCurrency(car.price) : "Enquire"}</dd>
          </div>
          {car.stocknum ? (
            <div>
              <dt>Stock number</dt>
              <dd>{car.stocknum}</dd>
            </div>
          ) : null}
        </dl>
      </div>

      <form className={styles.form} method="post" action={RESERVE_URLS.pay} id="checkout-form" data-card-entry={data.payment?.cardEntry ?? "none"}>
        <input type="hidden" name="car" value={car.slug} />
        <input type="hidden" name="variant" value={props.variant} />
        <input type="hidden" name="token" value={data.token} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>Your details</legend>
          <PaymentField idPrefix="checkout" name="name" label="First name" autoComplete="given-name" value={data.prefill.name} error={fieldError("name")} />
          <PaymentField
            idPrefix="checkout"
            name="last_name"
            label="Last name"
            autoComplete="family-name"
            value={data.prefill.last_name}
            error={fieldError("last_name")}
          />
          <PaymentField
            idPrefix="checkout"
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={data.prefill.email}
            error={fieldError("email")}
          />
          <PaymentField
            idPrefix="checkout"
            name="phone"
            label="Mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={data.prefill.phone}
            error={fieldError("phone")}
          />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>Terms</legend>
          <p className={styles.terms}>{props.terms}</p>
          <div className={styles.check}>
            <input
              id="checkout-terms"
              type="checkbox"
              name="terms"
              value="yes"
              required
              aria-invalid={fieldError("terms") ? true : undefined}
              aria-describedby={fieldError("terms") ? "checkout-terms-error" : undefined}
            />
            <label htmlFor="checkout-terms">I accept the reservation terms</label>
          </div>
          <FieldError id="checkout-terms" error={fieldError("terms")} />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>Payment</legend>
          <PaymentMarks />
          {data.payment?.cardEntry === "hosted" && data.payment.publishableKey ? (
            <StripePayment
              publishableKey={data.payment.publishableKey}
              amountCents={data.depositCents}
              buttonText={`Pay ${deposit} deposit and reserve`}
              intentPath={RESERVE_URLS.intent}
              returnPath={RESERVE_URLS.return}
            />
          ) : (
            <>
              <CardFields idPrefix="checkout" />
              {testCards ? <TestCardList /> : null}
              <button type="submit" className={styles.submit}>
                Pay {deposit} deposit and reserve
              </button>
            </>
          )}
        </fieldset>
      </form>
      <p>
        <BackToVehicle slug={car.slug} />
      </p>
    </section>
  );
}
