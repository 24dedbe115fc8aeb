"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRange } from "react-instantsearch";
import { formatCurrency, formatNumber } from "@/runtime/finance/format";
import {
  moveThumb,
  rangeRefinement,
  sliderBounds,
  sliderRangeFor,
  sliderInputValue,
  sliderStep,
  SLIDER_DEBOUNCE_MS,
  type Bounds,
  type SliderRange,
} from "@/blocks/shared/search/domain/slider";
import { SEARCH_FORM_ID } from "./form";
import styles from "./search.module.css";

function display(attribute: string, v: number): string {
  if (attribute === "price" || attribute === "subscription_price") return formatCurrency(v);
  if (attribute === "km") return `${formatNumber(v)} km`;
  return String(v);
}

type Thumb = "min" | "max";

/**
 * The slider's draft range and the texts in its number inputs. A new committed range (results,
 * back/forward, clear) replaces both; moves and valid typed values change the draft and refine
 * `SLIDER_DEBOUNCE_MS` after the last one.
 */
function useRangeDraft(attribute: string, committed: SliderRange, bounds: Bounds, refine: ReturnType<typeof useRange>["refine"]) {
  const [draft, setDraft] = useState<SliderRange>(committed);
  const [texts, setTexts] = useState({ min: String(committed.min), max: String(committed.max) });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new committed range (results, back/forward, clear): show it.
  useEffect(() => {
    setDraft(committed);
    setTexts({ min: String(committed.min), max: String(committed.max) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [committed.min, committed.max]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const schedule = (next: SliderRange) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const r = rangeRefinement(next, bounds);
      refine([r.min, r.max]);
    }, SLIDER_DEBOUNCE_MS);
  };
  const move = (thumb: Thumb, value: number) => {
    const next = moveThumb(attribute, draft, thumb, value, bounds);
    if (next.min === draft.min && next.max === draft.max) return;
    setDraft(next);
    setTexts({ min: String(next.min), max: String(next.max) });
    schedule(next);
  };
  const typed = (thumb: Thumb, text: string) => {
    setTexts((t) => ({ ...t, [thumb]: text }));
    const n = Number(text);
    if (text.trim() === "" || !Number.isFinite(n) || n < bounds.min || n > bounds.max) return; // silently ignored
    const next = moveThumb(attribute, draft, thumb, n, bounds);
    if (next.min !== draft.min || next.max !== draft.max) {
      setDraft(next);
      schedule(next);
    }
  };
  const resetTexts = () => setTexts({ min: String(draft.min), max: String(draft.max) });
  return { draft, texts, move, typed, resetTexts };
}

/** One thumb: a number input between − and + step buttons, over a native range input. */
function RangeThumb({
  which,
  id,
  label,
  attribute,
  urlKey,
  bounds,
  step,
  value,
  text,
  move,
  typed,
  resetTexts,
}: {
  which: Thumb;
  id: string;
  label: string;
  attribute: string;
  urlKey: string;
  bounds: Bounds;
  step: number;
  value: number;
  text: string;
  move: (thumb: Thumb, value: number) => void;
  typed: (thumb: Thumb, text: string) => void;
  resetTexts: () => void;
}) {
  const name = `${which === "min" ? "Minimum" : "Maximum"} ${label.toLowerCase()}`;
  return (
    <div className={styles.thumb}>
      <label htmlFor={`${id}-${which}-n`} className={styles.thumbLabel}>
        {which === "min" ? "Min" : "Max"}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={`Decrease ${name.toLowerCase()}`}
          data-step-by={-step}
          onClick={() => move(which, Math.max(bounds.min, value - step))}
        >
          −
        </button>
        <input
          id={`${id}-${which}-n`}
          type="number"
          inputMode="numeric"
          // The GET form's field (the server drops a side left at its bound).
          name={`range[${urlKey}][${which}]`}
          form={SEARCH_FORM_ID}
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={text}
          onChange={(e) => typed(which, e.target.value)}
          onBlur={resetTexts}
          aria-describedby={`${id}-hint`}
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={`Increase ${name.toLowerCase()}`}
          data-step-by={step}
          onClick={() => move(which, Math.min(bounds.max, value + step))}
        >
          +
        </button>
      </div>
      <input
        type="range"
        className={styles.slider}
        aria-label={`${name} slider`}
        aria-valuetext={display(attribute, value)}
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={value}
        onChange={(e) => move(which, sliderInputValue(Number(e.target.value), bounds, step))}
      />
    </div>
  );
}

/**
 * Price, km or year range. Each thumb is a native range input (arrow keys, Page Up/Down,
 * Home/End) paired with a number input and − / + step buttons, so nothing needs dragging.
 * Changes are rounded and clamped by blocks/shared/search/domain/slider and refine 400 ms after the last
 * one; a typed value outside the range is ignored.
 */
export function RangeFacet({ attribute, label, urlKey }: { attribute: string; label: string; urlKey: string }) {
  const { range, start, refine, canRefine } = useRange({ attribute });
  const bounds = sliderBounds(attribute, range);
  const refined = { min: Number.isFinite(start[0]) ? (start[0] as number) : undefined, max: Number.isFinite(start[1]) ? (start[1] as number) : undefined };
  const committed = sliderRangeFor(refined, bounds);
  const { draft, texts, move, typed, resetTexts } = useRangeDraft(attribute, committed, bounds, refine);
  const id = useId();
  const step = sliderStep(attribute, bounds);

  if (!canRefine && !range.min && !range.max) return null;
  const shared = { id, label, attribute, urlKey, bounds, step, move, typed, resetTexts };
  return (
    <details className={styles.facet} open data-facet={attribute}>
      <summary className={styles.facetSummary}>{label}</summary>
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">{label}</legend>
        <p id={`${id}-hint`} className={styles.rangeHint}>
          {display(attribute, draft.min)} to {display(attribute, draft.max)}
        </p>
        <RangeThumb which="min" value={draft.min} text={texts.min} {...shared} />
        <RangeThumb which="max" value={draft.max} text={texts.max} {...shared} />
      </fieldset>
    </details>
  );
}
