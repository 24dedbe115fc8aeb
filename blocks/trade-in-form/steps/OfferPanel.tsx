"use client";

import type { Ref } from "react";
import formStyles from "@/blocks/shared/forms/forms.module.css";
import { money, type Offer } from "../domain/state";
import styles from "../trade-in-form.module.css";

/** The estimate and its range, or, without one, why the car is valued in person. Focused when shown. */
export function OfferPanel({ offer, guidance, ref }: { offer: Offer | null; guidance: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} className={styles.offer} role="status" data-testid="trade-in-offer">
      {offer?.status === "offer" ? (
        <>
          <h3 className={styles.offerTitle}>Your estimate</h3>
          <p className={styles.offerPrice}>{money(offer.offer_price)}</p>
          <p className={formStyles.hint}>
            Usually between {money(offer.range.low)} and {money(offer.range.high)}, subject to an inspection of the car.
          </p>
        </>
      ) : (
        <>
          <h3 className={styles.offerTitle}>We&apos;ll value your car in person</h3>
          <p className={styles.guidance}>{offer?.message ?? guidance}</p>
        </>
      )}
    </div>
  );
}
