"use client";
import { useId, useRef, useState, type FormEvent } from "react";
import { trackEvent } from "@/runtime/analytics";
import { formatCurrency } from "@/runtime/finance/format";
import { lookupDelivery, type DeliveryRegion, type DeliveryResult } from "@/blocks/vehicle-delivery-calculator/domain/delivery";
import styles from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** Delivery price and region by postcode from the dealer's table; 'Please enter a postcode.' when empty and the 'Sorry…' message for unknown areas. Event 26 on first use. */
export function DeliveryCalculator({ table, sink }: { table: DeliveryRegion[]; sink?: string }) {
  const id = useId();
  const [postcode, setPostcode] = useState("");
  const [result, setResult] = useState<DeliveryResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const used = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const r = lookupDelivery(table, postcode);
    setResult(r);
    if (!r.ok) input.current?.focus();
    if (!used.current) {
      used.current = true;
      trackEvent("calculator", { calculator: "delivery" }, sink);
    }
  };
  const invalid = result !== null && !result.ok;
  return (
    <form className={styles.calculator} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-postcode`}>Your postcode</label>
        <div className={styles.inline}>
          <input
            ref={input}
            id={`${id}-postcode`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            onChange={(e) => setPostcode(e.target.value.replace(/\D/g, "").slice(0, 4))}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${id}-result`}
          />
          <button type="submit" className={styles.button}>
            Calculate delivery
          </button>
        </div>
      </div>
      <div id={`${id}-result`} aria-live="polite" data-testid="delivery-result">
        {result === null ? null : result.ok ? (
          <p className={styles.result}>
            Delivery to <strong>{result.region}</strong>: <strong>{result.price === 0 ? "Free delivery" : formatCurrency(result.price)}</strong>
          </p>
        ) : (
          <p className={styles.error}>{result.message}</p>
        )}
      </div>
    </form>
  );
}
