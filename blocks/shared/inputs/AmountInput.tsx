"use client";

import { useState, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { clamp, formatThousands, parseAmount, stepBy } from "./number-format";
import styles from "./inputs.module.css";

export interface AmountInputProps {
  id: string;
  /** Visible label (also the input's accessible name). */
  label: ReactNode;
  /** Hide the label visually (it stays the accessible name), e.g. when a group heading says it. */
  labelHidden?: boolean;
  value: number | null;
  /** Called on every edit with the typed whole number (null while empty). Not clamped: the caller decides. */
  onChange: (value: number | null) => void;
  /** With a step, ArrowUp / ArrowDown (PageUp / PageDown: 10 steps) change the value, kept within min and max. */
  step?: number;
  min?: number;
  max?: number;
  quickPicks?: number[];
  /** Text of a quick pick button (e.g. "$5,000"). */
  formatPick?: (value: number) => string;
  quickPicksLabel?: string;
  /** An error message, shown under the input and tied to it with aria-describedby / aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Extra ids to describe the input with. */
  describedBy?: string;
  prefix?: string;
  suffix?: string;
  name?: string;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A whole-number text input with a thousands separator and an optional prefix ("$") or suffix
 * ("kms"). The separator is added when the field is not being edited, so typing never moves the
 * caret. Quick picks are plain buttons; the current one is marked aria-pressed.
 */
export function AmountInput({
  id,
  label,
  labelHidden,
  value,
  onChange,
  step,
  min,
  max,
  quickPicks,
  formatPick = formatThousands,
  quickPicksLabel,
  error,
  hint,
  describedBy,
  prefix,
  suffix,
  name,
  disabled,
  placeholder,
}: AmountInputProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const text = editing ?? formatThousands(value);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describe = [describedBy, hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;

  const set = (next: number | null) => {
    setEditing(null);
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!step) return;
    const count = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
    if (!count) return;
    event.preventDefault();
    const lo = min ?? Number.MIN_SAFE_INTEGER;
    const hi = max ?? Number.MAX_SAFE_INTEGER;
    const current = editing !== null ? parseAmount(editing) : value;
    set(stepBy(clamp(current ?? lo, lo, hi), count, { min: min ?? 0, max: hi, step }));
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : styles.label}>
        {label}
      </label>
      <div className={`${styles.box} ${error ? styles.boxInvalid : ""}`} data-disabled={disabled ? "" : undefined}>
        {prefix ? (
          <span className={styles.affix} aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describe}
          onFocus={() => setEditing(formatThousands(value))}
          onBlur={() => setEditing(null)}
          onChange={(e) => {
            setEditing(e.target.value);
            onChange(parseAmount(e.target.value));
          }}
          onKeyDown={onKeyDown}
        />
        {suffix ? (
          <span className={styles.affix} aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={errorId} className={styles.error} aria-live="polite">
        {error ?? ""}
      </p>
      {quickPicks && quickPicks.length > 0 ? (
        <div className={styles.picks} role="group" aria-label={quickPicksLabel ?? "Quick picks"} style={pickColumns(quickPicks.map(formatPick))}>
          {quickPicks.map((pick) => (
            <button key={pick} type="button" className={styles.pick} aria-pressed={value === pick} disabled={disabled} onClick={() => set(pick)}>
              {formatPick(pick)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The quick picks' column width, from the longest label's characters: the picks sit in a grid of
 * columns at least this wide, so how many fit on a row depends on the screen's width and the
 * labels, never on which font drew them. In a row that wrapped at the labels' drawn widths, the
 * brand font arriving after the metric-matched stand-in moved a pick to another line and
 * everything below it (Lighthouse counted a layout shift of 0.114 on the finance page).
 * A character is 0.57rem (the widest brand font's semibold digits at the pick's 0.875rem; a comma
 * or point 0.25rem), plus 1.35rem of padding and border: "$70,000" takes 5.02rem, so four fit on a
 * row of a 390 px phone, as they did before.
 */
export function pickColumns(labels: string[]): CSSProperties {
  const width = (label: string) => [...label].reduce((sum, c) => sum + (c === "," || c === "." ? 0.25 : 0.57), 1.35);
  return { "--pick-width": `${Math.max(...labels.map(width)).toFixed(2)}rem` } as CSSProperties;
}
