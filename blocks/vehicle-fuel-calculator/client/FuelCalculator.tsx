"use client";
import { useId, useRef, useState } from "react";
import { trackEvent } from "@/runtime/analytics";
import { formatCurrencyCents } from "@/runtime/finance/format";
import { FUEL_DEFAULTS, fuelCost, type FuelInput } from "@/blocks/vehicle-fuel-calculator/domain/fuel";
import styles from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

const FIELDS: { key: keyof FuelInput; label: string; suffix: string }[] = [
  { key: "pricePerLitre", label: "Fuel price ($ per litre)", suffix: "$/L" },
  { key: "distanceKm", label: "Distance (kms)", suffix: "km" },
  { key: "litresPer100Km", label: "Fuel consumption (L/100km)", suffix: "L/100km" },
];

/** Fuel cost for a distance: defaults 1.70 per litre, 250 km and the car's (or 10) L/100km; '$', ',' and 'kms' are ignored in what is typed. Event 26 on first use. */
export function FuelCalculator({ consumption, sink }: { consumption: number; sink?: string }) {
  const id = useId();
  const [values, setValues] = useState<Record<keyof FuelInput, string>>({
    pricePerLitre: FUEL_DEFAULTS.pricePerLitre.toFixed(2),
    distanceKm: String(FUEL_DEFAULTS.distanceKm),
    litresPer100Km: String(consumption),
  });
  const used = useRef(false);
  const result = fuelCost(values);
  const change = (key: keyof FuelInput, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (!used.current) {
      used.current = true;
      trackEvent("calculator", { calculator: "fuel" }, sink);
    }
  };
  return (
    <div className={styles.calculator}>
      {FIELDS.map((f) => {
        const error = !result.ok && result.field === f.key ? result.message : null;
        return (
          <div key={f.key} className={styles.field}>
            <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
            <input
              id={`${id}-${f.key}`}
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              value={values[f.key]}
              onChange={(e) => change(f.key, e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${f.key}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-${f.key}-error`} className={styles.error}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <p className={styles.result} aria-live="polite" data-testid="fuel-result">
        {result.ok ? (
          <>
            Estimated fuel cost: <strong>{formatCurrencyCents(result.cost)}</strong> ({result.litres.toFixed(1)} litres)
          </>
        ) : (
          "Enter the fuel price, distance and consumption to see the cost."
        )}
      </p>
    </div>
  );
}
