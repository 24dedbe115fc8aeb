"use client";

import { LeadFormFrame } from "./LeadFormFrame";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { type FieldValues } from "react-hook-form";
import type { LeadForm as LeadFormKind } from "@/runtime/leads/validate";
import { ErrorSummary } from "./ErrorSummary";
import { FormError, SubmitButton, type SubmitStatus } from "./Fields";
import { StepProgress } from "./StepProgress";
import { leadFormHooks, useLeadForm, type LeadFormHooks } from "./useLeadForm";
import { fixedLeadFields, leadFormStart, type LeadFormIdentity } from "./plain-post";
import styles from "./forms.module.css";
import type { FieldError } from "@/runtime/field-error";

export interface FormStep {
  title: string;
  /** Form fields on this step (checked when Next is pressed). */
  fields: readonly string[];
  render: () => ReactNode;
}

export interface MultiStepLeadFormProps<V extends FieldValues> extends LeadFormHooks, LeadFormIdentity {
  form: Extract<LeadFormKind, "parts" | "multi-step-enquiry">;
  steps: FormStep[];
  defaultValues: V;
  toLead: (values: V) => Record<string, unknown>;
  extra?: (values: V, lead: Record<string, unknown>) => FieldError[];
  commentsRequired?: boolean;
  successPath: string;
  submitText: string;
  nextText?: string;
}

/** Back (after the first step) and Next, or on the last step the submit button. */
function StepActions(p: { step: number; last: boolean; status: SubmitStatus; submitText: string; nextText?: string; onBack: () => void }) {
  const { status } = p;
  return (
    <div className={styles.stepActions}>
      {p.step > 0 ? (
        <button type="button" className={`button button--outline ${styles.back}`} onClick={p.onBack} disabled={status === "submitting"}>
          Back
        </button>
      ) : null}
      <SubmitButton status={p.last ? status : status === "success" ? "idle" : status}>{p.last ? p.submitText : (p.nextText ?? "Next")}</SubmitButton>
    </div>
  );
}

/**
 * A multi-step lead form with progress: each Next checks the step's fields and sends the lead
 * (the first step creates it and returns lead_id, later steps carry lead_id), and the last step
 * completes it (lead_status Complete, form_completed true) and goes to the success page. Before
 * JavaScript every step is shown at once, one plain form sending the whole lead in one post.
 */
export function MultiStepLeadForm<V extends FieldValues>(props: MultiStepLeadFormProps<V>) {
  const [step, setStep] = useState(0);
  const stepRef = useRef(0);
  stepRef.current = step;
  const leadId = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const last = step === props.steps.length - 1;

  const start = leadFormStart(props, props.defaultValues);
  const lf = useLeadForm<V>({
    ...start,
    toLead: props.toLead,
    extra: props.extra,
    commentsRequired: props.commentsRequired,
    successPath: props.successPath,
    stepFields: () => props.steps[stepRef.current]?.fields ?? null,
    multiStep: true,
    ...leadFormHooks(props),
  });
  const { methods, status } = lf;

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const onSubmit = methods.handleSubmit(
    async (values) => {
      const isLast = stepRef.current === props.steps.length - 1;
      const lead: Record<string, unknown> = { ...props.toLead(values), isLastStep: isLast };
      if (leadId.current) lead.lead_id = leadId.current;
      const result = await lf.send(lead, { last: isLast });
      if (!result?.ok) {
        // A lost lead_id (expired, another dealer's) cannot be fixed here: start again.
        if (result && !result.ok && result.errors.some((e) => e.field === "lead_id")) leadId.current = null;
        return;
      }
      leadId.current = result.lead_id;
      if (!isLast) {
        moved.current = true;
        methods.clearErrors();
        setStep((s) => s + 1);
      }
    },
    () => lf.invalid({}),
  );

  const current = props.steps[step];
  const plain = { fixed: fixedLeadFields(props.toLead, props.defaultValues), formKey: start.formKey };
  // Before hydration (and without JavaScript) the steps are one plain form: all of them, one submit.
  const whole = !lf.ready;
  return (
    <LeadFormFrame lf={lf} identity={props} onSubmit={onSubmit} step={whole ? undefined : step + 1} plain={plain}>
      {whole ? (
        <>
          <ErrorSummary items={lf.summary} focusKey={lf.summaryFocus} />
          {props.steps.map((s, i) => (
            <div key={s.title}>
              <h3 className={styles.stepHeading}>
                Step {i + 1} of {props.steps.length}: {s.title}
              </h3>
              <div className={styles.grid}>{s.render()}</div>
            </div>
          ))}
        </>
      ) : (
        <>
          <StepProgress titles={props.steps.map((s) => s.title)} current={step} sayDone />
          <h3 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
            Step {step + 1} of {props.steps.length}: {current.title}
          </h3>
          <ErrorSummary items={lf.summary} focusKey={lf.summaryFocus} />
          <div className={styles.grid}>{current.render()}</div>
        </>
      )}
      <FormError id={lf.idFor("form-error")} message={lf.formError} />
      <StepActions
        step={whole ? 0 : step}
        last={whole || last}
        status={status}
        submitText={props.submitText}
        nextText={props.nextText}
        onBack={() => {
          moved.current = true;
          methods.clearErrors();
          setStep((s) => s - 1);
        }}
      />
    </LeadFormFrame>
  );
}
