"use client";

import { Controller, useFormContext } from "react-hook-form";
import { KilometreInput } from "@/blocks/shared/inputs/KilometreInput";
import { errorOf, SelectField, TextField, useFieldId } from "@/blocks/shared/forms/Fields";
import formStyles from "@/blocks/shared/forms/forms.module.css";
import type { TradeInValues } from "../domain/state";
import { REGO_STATE_OPTIONS } from "../questions";
import styles from "../trade-in-form.module.css";

/** The car: the guidance (the dealer's limits), the rego lookup, then make, model, year and kilometres. */
export function LookupStep({ guidance, lookupMessage, onLookup }: { guidance: string; lookupMessage: string; onLookup: () => void }) {
  const { control, formState } = useFormContext<TradeInValues>();
  const idFor = useFieldId();
  const kmsError = errorOf(formState.errors, "kms");
  return (
    <>
      <p className={styles.guidance}>{guidance}</p>
      <div className={formStyles.grid}>
        <TextField name="rego" label="Rego" maxLength={9} autoComplete="off" />
        <SelectField name="regoState" label="State of registration" options={REGO_STATE_OPTIONS} placeholder="Select a state" />
        <div className={`${styles.lookup} ${formStyles.full}`}>
          {/* A submit button so the lookup works before JavaScript too (a plain post, then back here). */}
          <button
            type="submit"
            name="intent"
            value="lookup"
            formNoValidate
            className="button button--outline"
            onClick={(e) => {
              e.preventDefault();
              onLookup();
            }}
          >
            Look up rego
          </button>
          <p className={formStyles.hint} role="status">
            {lookupMessage}
          </p>
        </div>
        <TextField name="Vehicle Make" label="Make" required maxLength={100} autoComplete="off" />
        <TextField name="Vehicle Model" label="Model" required maxLength={100} autoComplete="off" />
        <TextField name="Vehicle Year" label="Year" required inputMode="numeric" maxLength={4} digitsOnly autoComplete="off" />
        <Controller
          name="kms"
          control={control}
          render={({ field }) => (
            <KilometreInput
              id={idFor("kms")}
              name="kms"
              label="Kilometres *"
              value={field.value ?? null}
              onChange={(n) => field.onChange(n)}
              error={kmsError ?? null}
            />
          )}
        />
      </div>
    </>
  );
}
