import { formatCurrency } from "@/runtime/finance/format";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "../checkout-journey.module.css";
import { financeFormStart, lastPost } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { Choice, Field, Select, StepForm } from "./form-parts";

/** Without finance on offer: cash, and a word that the team can help. */
function NoFinance({ data }: { data: JourneyData }) {
  return (
    <StepForm data={data}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Finance</legend>
        <p>Finance is not offered online for this car. Our team can talk you through your options.</p>
        <input type="hidden" name="pay_method" value="cash" />
      </fieldset>
    </StepForm>
  );
}

/** The calculator's figure for this car as it stands (price, rate, repayment), and the trade-in that can go towards it. */
function FinanceFigure({ data }: { data: JourneyData }) {
  const out = data.finance!.output;
  const u = out.used;
  const t = data.state.answers.tradeIn;
  return (
    <div className={own.figure} data-testid="finance-figure">
      <p>
        Price <strong>{formatCurrency(u.price)}</strong>
        {out.advertised ? (
          <>
            {" "}
            at <strong>{out.advertised.rate}</strong> (comparison rate <strong>{out.advertised.comparisonRate}</strong>*)
          </>
        ) : null}
      </p>
      <p>
        {out.display.enquire ? (
          out.display.paymentText
        ) : (
          <>
            <strong>{out.display.paymentText}</strong> {u.frequency} over {u.termYears} years with a {formatCurrency(u.deposit)} deposit
          </>
        )}
      </p>
      {t?.has && t.valuation.status === "offer" ? <p>Your trade-in estimate of {formatCurrency(t.valuation.offerPrice)} can go towards the deposit.</p> : null}
      {out.advertised ? <p>*{out.advertised.warning}</p> : null}
    </div>
  );
}

/** With finance or without; for finance, the term, deposit, repayment frequency and residual within the provider's ranges. */
export function FinanceStep({ data }: { data: JourneyData }) {
  const v = financeFormStart(data);
  const fin = data.finance;
  if (!v || !fin) return <NoFinance data={data} />;
  const { err } = lastPost(data);
  const r = fin.output.ranges;
  return (
    <StepForm data={data}>
      <fieldset className={`${styles.fieldset} ${own.finance}`}>
        <legend className={styles.subtitle}>Finance</legend>
        <Choice
          name="pay_method"
          legend="How will you pay?"
          value={v.method}
          error={err("pay_method")}
          options={[
            { value: "finance", label: "With finance" },
            { value: "cash", label: "Without finance (cash, or my own lender)" },
          ]}
        />
        <div className={own.financeFields}>
          <FinanceFigure data={data} />
          <div className={styles.row}>
            <Select
              name="term"
              label="Term (years)"
              value={v.term}
              error={err("term")}
              options={fin.termOptions.map((y) => ({ value: String(y), label: `${y} years` }))}
            />
            <Field
              name="deposit"
              label="Deposit or trade-in ($)"
              autoComplete="off"
              inputMode="numeric"
              value={v.deposit}
              error={err("deposit")}
              hint={`${formatCurrency(r.deposit.min)} to ${formatCurrency(r.deposit.max)}`}
              optional
            />
            <Select
              name="frequency"
              label="Repayments"
              value={v.frequency}
              error={err("frequency")}
              options={[
                { value: "weekly", label: "Weekly" },
                { value: "fortnightly", label: "Fortnightly" },
                { value: "monthly", label: "Monthly" },
              ]}
            />
          </div>
          {r.residual.hidden ? null : (
            <Field name="residual" label="Residual repayment ($)" autoComplete="off" inputMode="numeric" value={v.residual} error={err("residual")} optional />
          )}
          <input type="hidden" name="rate" value={String(fin.output.used.rate)} />
          <p className={styles.hint}>{fin.output.disclaimer.short}</p>
        </div>
      </fieldset>
    </StepForm>
  );
}
