"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { CalculatorValues, FinanceSettings, Frequency } from "@/runtime/finance/settings";
import { calculate } from "@/runtime/finance/calculator";
import { FREQUENCIES } from "@/runtime/finance/repayment";
import { applyInput } from "@/runtime/finance/input-rules";
import { formatCurrency } from "@/runtime/finance/format";
import { RangeWithInput } from "@/blocks/shared/inputs/RangeWithInput";
import { formatDecimal } from "@/blocks/shared/inputs/number-format";
import { publishCalculatorFigures } from "@/blocks/shared/finance/calculator-figures";
import { pushCalculatorEvent } from "./analytics";
import styles from "./finance-calculator.module.css";

export const FREQUENCY_LABELS: Record<Frequency, string> = { weekly: "Weekly", fortnightly: "Fortnightly", monthly: "Monthly" };
/** Quiet time before the live region speaks, so holding an arrow key does not queue announcements. */
export const ANNOUNCE_DELAY_MS = 600;

export interface CalculatorPanelProps {
  /** Resolved settings holding the provider this panel uses (its default provider). */
  settings: FinanceSettings;
  initial: CalculatorValues;
  carPrice?: number | null;
}

const years = (v: number) => `${formatDecimal(v)} ${v === 1 ? "year" : "years"}`;
const percent = (v: number) => `${formatDecimal(v)}% p.a.`;

/**
 * The calculator's interactive part. Everything it shows comes from one engine call
 * (`calculate`) on the current values, so it agrees with every other finance figure.
 */
export function CalculatorPanel({ settings, initial, carPrice }: CalculatorPanelProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [values, setValues] = useState<CalculatorValues>(initial);
  const [expanded, setExpanded] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const interacted = useRef(false);

  const out = calculate(settings, values, { carPrice });
  const { ranges, display, advertised, disclaimer } = out;
  const frequencyLabel = FREQUENCY_LABELS[values.frequency];
  const spoken = display.enquire
    ? display.paymentText
    : `${frequencyLabel} repayment ${display.paymentText}${display.totalRepaymentsText ? `, total repayments ${display.totalRepaymentsText}` : ""}`;

  useEffect(() => {
    if (!interacted.current) return;
    const t = setTimeout(() => setAnnouncement(spoken), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(t);
  }, [spoken]);

  // The figures the shopper set go with the page's 'Buy Online' link into the checkout journey.
  useEffect(() => {
    if (interacted.current) publishCalculatorFigures(values);
  }, [values]);

  const change = (patch: Partial<CalculatorValues>) => {
    if (!interacted.current) {
      interacted.current = true;
      pushCalculatorEvent();
    }
    setValues((v) => ({ ...v, ...patch }));
  };
  const clamped = (field: "term" | "rate" | "deposit" | "residual", raw: number | null) => applyInput(ranges[field], raw ?? 0).value;

  return (
    <div className={styles.panel}>
      <form className={styles.inputs} onSubmit={(e) => e.preventDefault()} aria-label="Loan details">
        <RangeWithInput
          kind="price"
          id={id("price")}
          label="Purchase price or loan amount"
          value={values.price}
          min={ranges.price.min}
          max={ranges.price.max}
          step={ranges.price.step}
          quickPicks={settings.calculator.quickPicks}
          error={out.priceError}
          onChange={(v) => change({ price: applyInput(ranges.price, v ?? 0).value })}
        />

        {ranges.term.options ? (
          <div className={styles.selectField}>
            <label htmlFor={id("term")} className={styles.label}>
              Loan term
            </label>
            <select
              id={id("term")}
              className={styles.select}
              value={values.termYears}
              onChange={(e) => change({ termYears: clamped("term", Number(e.target.value)) })}
            >
              {ranges.term.options.map((o) => (
                <option key={o} value={o}>
                  {years(o)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <RangeWithInput
            kind="number"
            id={id("term")}
            label="Loan term (years)"
            unit="years"
            value={values.termYears}
            min={ranges.term.min}
            max={ranges.term.max}
            step={ranges.term.step}
            valueText={years}
            onChange={(v) => change({ termYears: clamped("term", v) })}
          />
        )}

        {ranges.rate.hidden ? null : ranges.rate.locked ? (
          <div className={styles.lockedRate}>
            <p className={styles.label}>Interest rate</p>
            {advertised ? (
              <p>
                {advertised.text} <span className={styles.muted}>(fixed)</span>
              </p>
            ) : null}
          </div>
        ) : (
          <RangeWithInput
            kind="number"
            id={id("rate")}
            label="Interest rate (% p.a.)"
            unit="%"
            value={values.rate}
            min={ranges.rate.min}
            max={ranges.rate.max}
            step={ranges.rate.step}
            valueText={percent}
            hint={advertised ? `Comparison rate ${advertised.comparisonRate}*` : undefined}
            onChange={(v) => change({ rate: clamped("rate", v) })}
          />
        )}

        {ranges.deposit.hidden ? null : (
          <RangeWithInput
            kind="price"
            id={id("deposit")}
            label="Deposit or trade-in"
            value={values.deposit}
            min={ranges.deposit.min}
            max={ranges.deposit.max}
            step={ranges.deposit.step}
            onChange={(v) => change({ deposit: clamped("deposit", v) })}
          />
        )}

        {ranges.residual.hidden ? null : (
          <RangeWithInput
            kind="price"
            id={id("residual")}
            label="Residual (balloon) payment"
            value={values.residual}
            min={ranges.residual.min}
            max={ranges.residual.max}
            step={ranges.residual.step}
            onChange={(v) => change({ residual: clamped("residual", v) })}
          />
        )}

        <fieldset className={styles.frequency}>
          <legend className={styles.label}>Repayment frequency</legend>
          <div className={styles.segments}>
            {FREQUENCIES.map((f) => (
              <label key={f} className={styles.segment}>
                <input type="radio" name={id("frequency")} value={f} checked={values.frequency === f} onChange={() => change({ frequency: f })} />
                <span>{FREQUENCY_LABELS[f]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </form>

      <div className={styles.results}>
        <p className={styles.resultLabel}>{frequencyLabel} repayment</p>
        <p className={styles.payment} data-testid="finance-repayment">
          {display.paymentText}
        </p>
        <dl className={styles.totals}>
          <div>
            <dt>Total repayments</dt>
            <dd data-testid="finance-total">{display.totalRepaymentsText}</dd>
          </div>
          <div>
            <dt>Amount of credit</dt>
            <dd>{out.result ? formatCurrency(out.result.amountFinanced) : ""}</dd>
          </div>
        </dl>
        {advertised ? (
          <div className={styles.rate} data-testid="finance-advertised-rate">
            <p className={styles.rateText}>Interest rate {advertised.text}</p>
            <p className={styles.warning}>*{advertised.warning}</p>
          </div>
        ) : null}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="finance-announcement">
          {announcement}
        </p>
      </div>

      <div className={styles.disclaimer}>
        <p id={id("disclaimer")} className={styles.disclaimerText}>
          {expanded ? disclaimer.full : disclaimer.short}
        </p>
        {disclaimer.truncated ? (
          <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={id("disclaimer")} onClick={() => setExpanded((e) => !e)}>
            {expanded ? "Show Less" : "Show More"}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The same panel under the name of its below-the-fold wrapper (CalculatorPanel.lazy.tsx), for unit tests, which import modules eagerly. */
export const CalculatorPanelWhenVisible = CalculatorPanel;
