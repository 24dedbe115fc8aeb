"use client";

import { useState, type KeyboardEvent, type ReactNode } from "react";
import { clamp, decimalsOf, formatDecimal, parseDecimal, stepBy } from "./number-format";
import styles from "./inputs.module.css";

export interface NumberInputProps {
  id: string;
  label: ReactNode;
  labelHidden?: boolean;
  value: number;
  /** Always called with a value inside [min, max]. */
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  /** A unit shown after the field ("years", "%"); not part of the value. */
  unit?: string;
  /** What a screen reader hears for a value, e.g. "5 years". */
  valueText?: (value: number) => string;
  hint?: ReactNode;
  describedBy?: string;
  name?: string;
  disabled?: boolean;
}

/**
 * A number field with − / + buttons (44 px targets) and spinbutton keys: ArrowUp / ArrowDown one
 * step, PageUp / PageDown ten, Home / End the limits. A typed value in range applies at once; one
 * outside is clamped into [min, max] when the field is left or Enter is pressed.
 */
export function NumberInput({ id, label, labelHidden, value, onChange, min, max, step, unit, valueText, hint, describedBy, name, disabled }: NumberInputProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const decimals = Math.max(2, decimalsOf(step));
  const text = editing ?? formatDecimal(value, decimals);
  const hintId = hint ? `${id}-hint` : undefined;
  const describe = [describedBy, hintId].filter(Boolean).join(" ") || undefined;
  const range = { min, max, step };
  const labelText = typeof label === "string" ? label : "value";

  const set = (next: number) => {
    setEditing(null);
    onChange(clamp(next, min, max));
  };
  const commit = () => {
    if (editing === null) return;
    const typed = parseDecimal(editing);
    set(typed === null ? value : typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const current = editing !== null ? (parseDecimal(editing) ?? value) : value;
    let next: number | null = null;
    if (event.key === "ArrowUp") next = stepBy(current, 1, range);
    else if (event.key === "ArrowDown") next = stepBy(current, -1, range);
    else if (event.key === "PageUp") next = stepBy(current, 10, range);
    else if (event.key === "PageDown") next = stepBy(current, -10, range);
    else if (event.key === "Home") next = min;
    else if (event.key === "End") next = max;
    else if (event.key === "Enter") {
      commit();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    set(next);
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : styles.label}>
        {label}
      </label>
      <div className={styles.stepper}>
        <StepButton
          direction={-1}
          label={`Decrease ${labelText}`}
          controls={id}
          disabled={disabled}
          atLimit={value <= min}
          onStep={() => set(stepBy(value, -1, range))}
        />
        <div className={styles.box} data-disabled={disabled ? "" : undefined}>
          <input
            id={id}
            name={name}
            className={styles.input}
            type="text"
            role="spinbutton"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={disabled}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={value}
            aria-valuetext={valueText ? valueText(value) : undefined}
            aria-describedby={describe}
            onFocus={() => setEditing(formatDecimal(value, decimals))}
            onBlur={() => {
              commit();
              setEditing(null);
            }}
            onChange={(e) => {
              setEditing(e.target.value);
              const typed = parseDecimal(e.target.value);
              // Apply while typing only when already valid; "0" on the way to "0.5" must not clamp.
              if (typed !== null && typed >= min && typed <= max) onChange(typed);
            }}
            onKeyDown={onKeyDown}
          />
          {unit ? (
            <span className={styles.affix} aria-hidden="true">
              {unit}
            </span>
          ) : null}
        </div>
        <StepButton
          direction={1}
          label={`Increase ${labelText}`}
          controls={id}
          disabled={disabled}
          atLimit={value >= max}
          onStep={() => set(stepBy(value, 1, range))}
        />
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface StepButtonProps {
  direction: -1 | 1;
  label: string;
  /** The id of the field it steps. */
  controls: string;
  disabled?: boolean;
  /** The value is at this button's limit: pressing it does nothing. */
  atLimit: boolean;
  onStep: () => void;
}

/** The − or + button beside the field. */
function StepButton({ direction, label, controls, disabled, atLimit, onStep }: StepButtonProps) {
  return (
    <button
      type="button"
      className={styles.stepButton}
      aria-label={label}
      aria-controls={controls}
      disabled={disabled}
      // aria-disabled, not disabled, at the limit: a disabled button would drop keyboard focus.
      aria-disabled={atLimit ? true : undefined}
      onClick={() => {
        if (!atLimit) onStep();
      }}
    >
      <span aria-hidden="true">{direction < 0 ? "−" : "+"}</span>
    </button>
  );
}
