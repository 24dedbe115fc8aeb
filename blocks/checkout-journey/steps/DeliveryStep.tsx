import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "../checkout-journey.module.css";
import { deliveryStart, lastPost } from "../domain/journey-view";
import { AU_STATES } from "@/runtime/payments/journey/steps";
import type { JourneyData } from "../load";
import { Choice, Field, Select, StepForm } from "./form-parts";

/** Pickup at a location or delivery to an address: both groups are in the form, the stylesheet shows the chosen one. */
export function DeliveryStep({ data }: { data: JourneyData }) {
  const v = deliveryStart(data);
  const { err } = lastPost(data);
  return (
    <StepForm data={data}>
      <fieldset className={`${styles.fieldset} ${own.delivery}`}>
        <legend className={styles.subtitle}>Delivery or pickup</legend>
        <Choice
          name="method"
          legend="How would you like to get your car?"
          value={v.method}
          error={err("method")}
          options={[
            { value: "pickup", label: "Pick it up at one of our locations" },
            { value: "delivery", label: "Deliver it to my address" },
          ]}
        />
        <div className={own.pickupGroup}>
          <h3 className={own.groupTitle}>Pickup</h3>
          <Select
            name="location"
            label="Pickup location"
            value={v.location}
            error={err("location")}
            options={[{ value: "", label: "Select a location" }, ...data.locations.map((l) => ({ value: String(l.id), label: l.name }))]}
          />
        </div>
        <div className={own.addressGroup}>
          <h3 className={own.groupTitle}>Delivery address</h3>
          <Field name="street" label="Street address" autoComplete="street-address" value={v.street} error={err("street")} optional />
          <div className={styles.row}>
            <Field name="suburb" label="Suburb" autoComplete="address-level2" value={v.suburb} error={err("suburb")} optional />
            <Select name="state" label="State" value={v.state} error={err("state")} options={AU_STATES.map((s) => ({ value: s, label: s }))} />
            <Field
              name="postcode"
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              value={v.postcode}
              error={err("postcode")}
              optional
            />
          </div>
        </div>
      </fieldset>
    </StepForm>
  );
}
