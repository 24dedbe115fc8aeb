"use client";

import { RadioGroupField } from "@/blocks/shared/forms/Fields";
import formStyles from "@/blocks/shared/forms/forms.module.css";
import { adjustmentField } from "../domain/state";
import { ADJUSTMENT_QUESTIONS_CLIENT } from "../questions";

/** The adjustment questions (the car's condition), each a Yes/No radio group. */
export function AdjustmentsStep() {
  return (
    <div className={formStyles.grid}>
      {ADJUSTMENT_QUESTIONS_CLIENT.map((q) => (
        <RadioGroupField
          key={q.id}
          name={adjustmentField(q.id)}
          legend={q.question}
          options={q.options.map((o) => ({ value: o, label: o }))}
          className={formStyles.full}
        />
      ))}
    </div>
  );
}
