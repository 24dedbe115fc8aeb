import type { ReactNode } from "react";
import { BackToVehicle } from "./BackToVehicle";
import styles from "./payment-form.module.css";

/**
 * A payment page's answer in place of its form (the payment received, the order sent, nothing to
 * pay for yet): the page's title, a card saying what happened, and the way on below it.
 */
export function PaymentOutcome(p: {
  /** The title's id, which the section is labelled by. */
  titleId: string;
  title: ReactNode;
  testId?: string;
  /** The provider was in test mode: the card says no real money was taken. */
  testMode?: boolean;
  /** The link under the card (back to the car, or home). */
  next?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={p.titleId}>
      <h1 id={p.titleId} className={styles.title}>
        {p.title}
      </h1>
      <div className={styles.card} data-testid={p.testId}>
        {p.children}
        {p.testMode ? <p className={styles.testNote}>Test mode: no real money was taken.</p> : null}
      </div>
      {p.next ? <p>{p.next}</p> : null}
    </section>
  );
}

/**
 * A car that can no longer be paid for online: reserved online, perhaps by this very shopper, so said
 * neutrally (with the dealer's
 * own word for it, as on the car's page), or taken off sale. `heading` is the page's h1, whose id
 * is `titleId`; `action` is what the page would have done ("reserved", "bought").
 */
export function CarUnavailable(p: {
  titleId: string;
  heading: ReactNode;
  /** Prefix of the test ids: `${idPrefix}-unavailable` on the card, `${idPrefix}-reserved` on the tag. */
  idPrefix: string;
  action: string;
  reserved: boolean;
  reservedTag: string;
  slug: string;
  /** A refused post's message, said above the card. */
  error?: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={p.titleId}>
      {p.heading}
      {p.error ? (
        <p className={styles.error} role="alert">
          {p.error}
        </p>
      ) : null}
      <div className={styles.card} data-testid={`${p.idPrefix}-unavailable`}>
        {p.reserved ? (
          <p>
            <strong className={styles.badge} data-testid={`${p.idPrefix}-reserved`}>
              {p.reservedTag}
            </strong>{" "}
            This vehicle has been reserved online, so it cannot be {p.action} online just now. If you reserved it, your confirmation has been emailed to you.
          </p>
        ) : (
          <p>This vehicle can no longer be {p.action} online. Please contact us about it.</p>
        )}
        <p>
          <BackToVehicle slug={p.slug} />
        </p>
      </div>
    </section>
  );
}
