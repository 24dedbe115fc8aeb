/** The journey's pages besides a step: no car chosen, the order sent, and a car no longer for sale online. */
import Link from "next/link";
import type { ReactNode } from "react";
import { BackToVehicle } from "@/blocks/shared/payments/BackToVehicle";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import type { JourneyData } from "../load";
import { Answers } from "./Answers";

export function ChooseCar({ heading }: { heading: string }) {
  return (
    <section className={styles.section} aria-labelledby="journey-title">
      <h1 id="journey-title" className={styles.title}>
        {heading}
      </h1>
      <div className={styles.card}>
        <p>Choose a car to buy online: open it from our stock and select Buy Online.</p>
        <p>
          <Link href="/search/new-used-and-demo-cars">Browse our stock</Link>
        </p>
      </div>
    </section>
  );
}

export function OrderSent({ data }: { data: JourneyData }) {
  return (
    <section className={styles.section} aria-labelledby="journey-title">
      <h1 id="journey-title" className={styles.title}>
        Order sent
      </h1>
      <div className={styles.card} data-testid="journey-done">
        <p>
          Thank you{data.state.answers.contact ? `, ${data.state.answers.contact.name}` : ""}. Your order for the <strong>{data.car.title}</strong> has been
          sent to our team, who will contact you shortly to finalise it.
        </p>
        <Answers data={data} edit={false} />
        {data.testMode ? <p className={styles.testNote}>Test mode: no real money was taken.</p> : null}
      </div>
      <p>
        <BackToVehicle slug={data.car.slug} />
      </p>
    </section>
  );
}

/** Reserved online by someone else (with the dealer's own word for it), or no longer sold online. */
export function Unavailable({ data, heading, reservedTag }: { data: JourneyData; heading: ReactNode; reservedTag: string }) {
  return (
    <section className={styles.section} aria-labelledby="journey-title">
      {heading}
      <div className={styles.card} data-testid="journey-unavailable">
        {data.availability === "reserved" ? (
          <p>
            <strong className={styles.badge} data-testid="journey-reserved">
              {reservedTag}
            </strong>{" "}
            This vehicle has been reserved online by another buyer, so it cannot be bought online just now.
          </p>
        ) : (
          <p>This vehicle can no longer be bought online. Please contact us about it.</p>
        )}
        <p>
          <BackToVehicle slug={data.car.slug} />
        </p>
      </div>
    </section>
  );
}
