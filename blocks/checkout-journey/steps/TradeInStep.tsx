import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "../checkout-journey.module.css";
import { lastPost, tradeInStart } from "../domain/journey-view";
import type { JourneyData } from "../load";
import { Choice, Field, Select, StepForm } from "./form-parts";

/** Yes or no; for yes, the rego, its state, the kilometres and the condition questions, then the estimate once valued. */
export function TradeInStep({ data }: { data: JourneyData }) {
  const v = tradeInStart(data);
  const { err } = lastPost(data);
  return (
    <StepForm data={data}>
      <fieldset className={`${styles.fieldset} ${own.tradeIn}`}>
        <legend className={styles.subtitle}>Trade-in</legend>
        <Choice
          name="has_trade_in"
          legend="Do you have a car to trade in?"
          value={v.has}
          error={err("has_trade_in")}
          options={[
            { value: "yes", label: "Yes, value my car" },
            { value: "no", label: "No trade-in" },
          ]}
        />
        <div className={own.tradeFields}>
          <p className={styles.hint}>We look up your car by its registration and give you an online estimate.</p>
          <div className={styles.row}>
            <Field name="rego" label="Rego" autoComplete="off" maxLength={9} value={v.rego} error={err("rego")} optional />
            <Select
              name="regoState"
              label="Rego state"
              value={v.regoState}
              error={err("regoState")}
              options={data.regoStates.map((s) => ({ value: s, label: s }))}
            />
            <Field name="kms" label="Kilometres" autoComplete="off" inputMode="numeric" value={v.kms} error={err("kms")} optional />
          </div>
          {data.questions.map((q) => (
            <Select key={q.id} name={`q_${q.id}`} label={q.question} value={v.answers[q.id]!} options={q.options.map((o) => ({ value: o, label: o }))} />
          ))}
        </div>
        {v.estimate !== null ? <p data-testid="trade-in-estimate">{v.estimate}</p> : null}
      </fieldset>
    </StepForm>
  );
}
