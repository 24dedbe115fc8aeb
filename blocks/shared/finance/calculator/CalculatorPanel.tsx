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

type Ranges = ReturnType<typeof calculate>["ranges"];
type Advertised = ReturnType<typeof calculate>["advertised"];

/**
 * The panel's state: the values, the engine's answer for them, the live-region text (spoken
 * after a quiet spell, only once the shopper has changed something) and `change`, which
 * records the first interaction.
 */
function useCalculator(settings: FinanceSettings, initial: CalculatorValues, carPrice: number | null | undefined) {
  const [values, setValues] = useState<CalculatorValues>(initial);
  const [announcement, setAnnouncement] = useState("");
  const interacted = useRef(false);

  const out = calculate(settings, values, { carPrice });
  const frequencyLabel = FREQUENCY_LABELS[values.frequency];
  const spoken = spokenResult(out.display, frequencyLabel);

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
  return { values, out, frequencyLabel, announcement, change };
}

/** The loan term: a select when the provider offers fixed terms, otherwise a slider. */
function TermField({ id, ranges, value, onChange }: { id: string; ranges: Ranges; value: number; onChange: (v: number | null) => void }) {
  if (ranges.term.options) {
    return (
      <div className={styles.selectField}>
        <label htmlFor={id} className={styles.label}>
          Loan term
        </label>
        <select id={id} className={styles.select} value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {ranges.term.options.map((o) => (
            <option key={o} value={o}>
              {years(o)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <RangeWithInput
      kind="number"
      id={id}
      label="Loan term (years)"
      unit="years"
      value={value}
      min={ranges.term.min}
      max={ranges.term.max}
      step={ranges.term.step}
      valueText={years}
      onChange={onChange}
    />
  );
}

/** The interest rate: hidden, shown as fixed text when locked, otherwise a slider. */
function RateField({
  id,
  ranges,
  advertised,
  value,
  onChange,
}: {
  id: string;
  ranges: Ranges;
  advertised: Advertised;
  value: number;
  onChange: (v: number | null) => void;
}) {
  if (ranges.rate.hidden) return null;
  if (ranges.rate.locked) {
    return (
      <div className={styles.lockedRate}>
        <p className={styles.label}>Interest rate</p>
        {advertised ? (
          <p>
            {advertised.text} <span className={styles.muted}>(fixed)</span>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <RangeWithInput
      kind="number"
      id={id}
      label="Interest rate (% p.a.)"
      unit="%"
      value={value}
      min={ranges.rate.min}
      max={ranges.rate.max}
      step={ranges.rate.step}
      valueText={percent}
      hint={advertised ? `Comparison rate ${advertised.comparisonRate}*` : undefined}
      onChange={onChange}
    />
  );
}

/** Weekly, fortnightly or monthly, as one radio group. */
function FrequencyField({ name, value, onChange }: { name: string; value: Frequency; onChange: (f: Frequency) => void }) {
  return (
    <fieldset className={styles.frequency}>
      <legend className={styles.label}>Repayment frequency</legend>
      <div className={styles.segments}>
        {FREQUENCIES.map((f) => (
          <label key={f} className={styles.segment}>
            <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
            <span>{FREQUENCY_LABELS[f]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The repayment, totals, advertised rate and the polite live region that reads them out. */
function CalculatorResults({ out, frequencyLabel, announcement }: { out: ReturnType<typeof calculate>; frequencyLabel: string; announcement: string }) {
  const { display, advertised } = out;
  return (
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
  );
}

/** The short disclaimer, with a Show More toggle when the full text is longer. */
function CalculatorDisclaimer({ id, disclaimer }: { id: string; disclaimer: ReturnType<typeof calculate>["disclaimer"] }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <div className={styles.disclaimer}>
      <p id={id} className={styles.disclaimerText}>
        {expanded ? disclaimer.full : disclaimer.short}
      </p>
      {disclaimer.truncated ? (
        <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((e) => !e)}>
          {expanded ? "Show Less" : "Show More"}
        </button>
      ) : null}
    </div>
  );
}

/** What the live region says for an engine result: the repayment and total, or the enquire text. */
function spokenResult(display: ReturnType<typeof calculate>["display"], frequencyLabel: string): string {
  return display.enquire
    ? display.paymentText
    : `${frequencyLabel} repayment ${display.paymentText}${display.totalRepaymentsText ? `, total repayments ${display.totalRepaymentsText}` : ""}`;
}

/**
 * The calculator's interactive part. Everything it shows comes from one engine call
 * (`calculate`) on the current values, so it agrees with every other finance figure.
 */
export function CalculatorPanel({ settings, initial, carPrice }: CalculatorPanelProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { values, out, frequencyLabel, announcement, change } = useCalculator(settings, initial, carPrice);
  const { ranges, advertised } = out;
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

        <TermField id={id("term")} ranges={ranges} value={values.termYears} onChange={(v) => change({ termYears: clamped("term", v) })} />

        <RateField id={id("rate")} ranges={ranges} advertised={advertised} value={values.rate} onChange={(v) => change({ rate: clamped("rate", v) })} />

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

        <FrequencyField name={id("frequency")} value={values.frequency} onChange={(f) => change({ frequency: f })} />
      </form>

      <CalculatorResults out={out} frequencyLabel={frequencyLabel} announcement={announcement} />

      <CalculatorDisclaimer id={id("disclaimer")} disclaimer={out.disclaimer} />
    </div>
  );
}
