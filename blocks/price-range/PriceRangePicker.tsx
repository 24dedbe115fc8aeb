"use client";

import { Link } from "@/runtime/ui/link";
import { useId, useState } from "react";
import { PriceInput } from "@/blocks/shared/inputs/PriceInput";
import { clamp, formatDollars, orderedPair } from "@/blocks/shared/inputs/number-format";
import { priceRangeHref } from "./price-range-link";
import styles from "./price-range.module.css";

export interface PriceRangePickerProps {
  min: number;
  max: number;
  step: number;
  buttonLabel: string;
  searchPath: string;
  /** The site's search index (its sort replicas are named after it). */
  indexName: string;
}

/**
 * Two thumbs on one track (two native range inputs over each other, each fully keyboard
 * operable) plus a typed price for each end. The low end stays at least one step below the high
 * end. The button links to the search results for the range, highest price first.
 */
export function PriceRangePicker({ min, max, step, buttonLabel, searchPath, indexName }: PriceRangePickerProps) {
  const uid = useId();
  const range = { min, max, step };
  const [pair, setPair] = useState({ low: min, high: max });
  const [typed, setTyped] = useState<{ low: number | null; high: number | null }>({ low: min, high: max });
  const outOfRange = (v: number | null) => v === null || v < min || v > max;
  const message = `Enter an amount from ${formatDollars(min)} to ${formatDollars(max)}`;

  const move = (end: "low" | "high", value: number) => {
    const next = orderedPair(end === "low" ? value : pair.low, end === "high" ? value : pair.high, range, end);
    setPair(next);
    setTyped(next);
  };
  const type = (end: "low" | "high", value: number | null) => {
    setTyped((t) => ({ ...t, [end]: value }));
    if (!outOfRange(value)) setPair(orderedPair(end === "low" ? (value as number) : pair.low, end === "high" ? (value as number) : pair.high, range, end));
  };
  const pct = (v: number) => `${((clamp(v, min, max) - min) / (max - min)) * 100}%`;

  return (
    <div className={styles.picker}>
      <div className={styles.track} style={{ ["--low" as string]: pct(pair.low), ["--high" as string]: pct(pair.high) }}>
        <input
          type="range"
          className={styles.thumb}
          aria-label="Minimum price slider"
          min={min}
          max={max}
          step={step}
          value={pair.low}
          aria-valuetext={formatDollars(pair.low)}
          onChange={(e) => move("low", Number(e.target.value))}
        />
        <input
          type="range"
          className={styles.thumb}
          aria-label="Maximum price slider"
          min={min}
          max={max}
          step={step}
          value={pair.high}
          aria-valuetext={formatDollars(pair.high)}
          onChange={(e) => move("high", Number(e.target.value))}
        />
      </div>
      <div className={styles.inputs}>
        <PriceInput
          id={`${uid}-min`}
          label="Minimum price"
          value={typed.low}
          min={min}
          max={max}
          step={step}
          error={outOfRange(typed.low) ? message : null}
          onChange={(v) => type("low", v)}
        />
        <PriceInput
          id={`${uid}-max`}
          label="Maximum price"
          value={typed.high}
          min={min}
          max={max}
          step={step}
          error={outOfRange(typed.high) ? message : null}
          onChange={(v) => type("high", v)}
        />
      </div>
      <p className={styles.summary} aria-live="polite">
        {formatDollars(pair.low)} to {formatDollars(pair.high)}
      </p>
      <Link className={styles.button} href={priceRangeHref(pair.low, pair.high, searchPath, indexName)}>
        {buttonLabel}
      </Link>
    </div>
  );
}
