"use client";

import type { FormEventHandler, ReactNode } from "react";
import { FormProvider, type FieldValues } from "react-hook-form";
import { FormIdsContext } from "./Fields";
import type { LeadFormState } from "./useLeadForm";
import styles from "./forms.module.css";

/**
 * The `<form>` of a lead form, single-step or multi-step, inside its field ids and react-hook-form
 * context: named by its dialog's title (or its own label), marked ready once hydrated and busy
 * while it sends.
 */
export function LeadFormFrame<V extends FieldValues>(p: {
  lf: LeadFormState<V>;
  form: string;
  id?: string;
  labelledBy?: string;
  ariaLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The multi-step form's step (1-based). */
  step?: number;
  children: ReactNode;
}) {
  const { lf } = p;
  return (
    <FormIdsContext.Provider value={lf.idFor}>
      <FormProvider {...lf.methods}>
        <form
          id={p.id}
          className={styles.form}
          noValidate
          data-ready={lf.ready || undefined}
          onSubmit={p.onSubmit}
          aria-labelledby={p.labelledBy}
          aria-label={p.labelledBy ? undefined : (p.ariaLabel ?? "Enquiry form")}
          aria-busy={lf.status === "submitting" || undefined}
          data-form={p.form}
          data-step={p.step}
        >
          {p.children}
        </form>
      </FormProvider>
    </FormIdsContext.Provider>
  );
}
