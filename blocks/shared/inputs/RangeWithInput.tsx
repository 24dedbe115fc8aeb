"use client";

import type { ReactNode } from "react";
import { NumberInput } from "./NumberInput";
import { PriceInput } from "./PriceInput";
import { clamp, formatDollars, formatDecimal, sliderBounds } from "./number-format";
import styles from "./inputs.module.css";

interface Common {
  id: string;
  /** Label of the typed input; the slider is named "{label} slider". */
  label: string;
  min: number;
  max: number;
  step: number;
  hint?: ReactNode;
  describedBy?: string;
  disabled?: boolean;
  /** What a screen reader hears for the slider's value. */
  valueText?: (value: number) => string;
}

export type RangeWithInputProps = Common &
  (
    | {
        /** Dollars: a PriceInput (typed value passed through unclamped, so the caller can show its help text). */
        kind: "price";
        value: number | null;
        onChange: (value: number | null) => void;
        quickPicks?: number[];
        error?: string | null;
      }
    | {
        /** Any other number: a NumberInput (clamped, with − / + buttons). */
        kind: "number";
        value: number;
        onChange: (value: number) => void;
        unit?: string;
      }
  );

/**
 * A native range slider paired with a typed input, both driving one value. The slider keeps its
 * min at least 1 below its max so it can always move; the typed input is what is labelled
 * visibly. Both work from the keyboard (arrows, PageUp/PageDown, Home/End) with no dragging.
 */
export function RangeWithInput(props: RangeWithInputProps) {
  const { id, label, min, max, step, hint, describedBy, disabled } = props;
  const bounds = sliderBounds(min, max);
  const current = props.value ?? min;
  const sliderValue = clamp(current, bounds.min, bounds.max);
  const valueText = props.valueText ?? (props.kind === "price" ? formatDollars : (v: number) => formatDecimal(v));

  // What the typed input takes whichever kind it is.
  const typed = { id, label, min, max, step, hint, describedBy, disabled };

  return (
    <div className={styles.rangeField}>
      {props.kind === "price" ? (
        <PriceInput {...typed} value={props.value} onChange={props.onChange} quickPicks={props.quickPicks} error={props.error} />
      ) : (
        <NumberInput {...typed} value={props.value} onChange={props.onChange} unit={props.unit} valueText={props.valueText} />
      )}
      <input
        id={`${id}-slider`}
        className={styles.slider}
        type="range"
        aria-label={`${label} slider`}
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={sliderValue}
        aria-valuetext={valueText(sliderValue)}
        disabled={disabled}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (props.kind === "price") props.onChange(v);
          else props.onChange(clamp(v, min, max));
        }}
      />
      <div className={styles.sliderEnds} aria-hidden="true">
        <span>{valueText(min)}</span>
        <span>{valueText(max)}</span>
      </div>
    </div>
  );
}
