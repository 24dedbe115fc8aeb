import { notFound } from "next/navigation";
import type { ResolvedCheckoutProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formatCurrency } from "@/runtime/finance/format";
import { resolvedWording } from "@/runtime/wording";
import { formatDeposit, formatHoldEnd } from "@/runtime/reservations/rules";
import { RESERVE_URLS } from "@/runtime/payments/routes";
import type { CheckoutData } from "./load";
import { BackToVehicle } from "@/blocks/shared/payments/BackToVehicle";
import { PaymentErrorSummary, TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
import { CardFieldset, ContactFieldset, DepositHold, TermsFieldset } from "@/blocks/shared/payments/PaymentSections";
import { CarUnavailable, PaymentOutcome } from "@/blocks/shared/payments/PaymentPages";
import { fieldErrorOf, listsTestCards } from "@/blocks/shared/payments/form-state";
import styles from "@/blocks/shared/payments/payment-form.module.css";

function Confirmation({ data }: { data: CheckoutData }) {
  const c = data.confirmation!;
  return (
    <PaymentOutcome
      titleId="checkout-title"
      title="Reservation confirmed"
      testId="reservation-confirmation"
      testMode={data.payment?.testMode}
      next={<BackToVehicle slug={data.car.slug} />}
    >
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
    </PaymentOutcome>
  );
}

function Title({ car }: { car: CheckoutData["car"] }) {
  return (
    <h1 id="checkout-title" className={styles.title}>
      Reserve the {car.title}
    </h1>
  );
}

/** The deposit, how long it holds the car, and the car's price and stock number. */
function DepositSummary({ data }: { data: CheckoutData }) {
  const car = data.car;
  return (
    <div className={styles.card}>
      <h2 className={styles.subtitle}>Your deposit</h2>
      <DepositHold depositCents={data.depositCents} carTitle={car.title} holdHours={data.holdHours} />
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
  // The car can no longer be reserved online: reserved (perhaps by this shopper), or taken off sale.
  if (!data.eligibility.ok)
    return (
      <CarUnavailable
        titleId="checkout-title"
        heading={<Title car={data.car} />}
        idPrefix="checkout"
        action="reserved"
        reserved={data.eligibility.reason === "reserved"}
        reservedTag={resolvedWording(site.manifest.wording).reservedTag}
        slug={data.car.slug}
        error={data.error?.message}
      />
    );
  const car = data.car;
  const deposit = formatDeposit(data.depositCents);
  const fieldError = fieldErrorOf(data.error);
  const testCards = listsTestCards(data.payment);

  return (
    <section className={styles.section} aria-labelledby="checkout-title">
      <Title car={car} />
      {testCards ? <TestModeNotice /> : null}
      {data.error ? <PaymentErrorSummary idPrefix="checkout" testId="checkout-error" message={data.error.message} fields={data.error.fields} /> : null}
      <DepositSummary data={data} />

      <form className={styles.form} method="post" action={RESERVE_URLS.pay} id="checkout-form" data-card-entry={data.payment?.cardEntry ?? "none"}>
        <input type="hidden" name="car" value={car.slug} />
        <input type="hidden" name="variant" value={props.variant} />
        <input type="hidden" name="token" value={data.token} />
        <ContactFieldset idPrefix="checkout" values={data.prefill} fieldError={fieldError} />
        <TermsFieldset idPrefix="checkout" terms={props.terms} label="I accept the reservation terms" error={fieldError("terms")} required />
        <CardFieldset
          idPrefix="checkout"
          legend="Payment"
          payment={data.payment}
          testCards={testCards}
          buttonText={`Pay ${deposit} deposit and reserve`}
          hosted={{ amountCents: data.depositCents, intentPath: RESERVE_URLS.intent, returnPath: RESERVE_URLS.return }}
        />
      </form>
      <p>
        <BackToVehicle slug={car.slug} />
      </p>
    </section>
  );
}
