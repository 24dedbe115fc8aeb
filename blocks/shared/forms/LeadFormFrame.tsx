"use client";

import { useState, type FormEventHandler, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { FormProvider, type FieldValues } from "react-hook-form";
import { PLAIN_FIELDS } from "@/runtime/leads/plain-fields";
import { FormIdsContext } from "./Fields";
import { LEADS_ENDPOINT, newIdempotencyKey } from "./submit";
import type { LeadFormState } from "./useLeadForm";
import type { LeadFormIdentity } from "./plain-post";
import styles from "./forms.module.css";

/** What a lead form's plain post (before JavaScript) carries beside its fields (runtime/leads/form-post.ts reads it). */
export interface PlainPost {
  /** The lead fields the form fixes (plain-post.ts fixedLeadFields). */
  fixed: Record<string, unknown>;
  /** Which form on the page this is (plain-post.ts formKeyFor). */
  formKey: string;
}

/** The hidden fields of a plain post: the fixed lead fields, the form, the page and a key per page view. */
function PlainPostFields({ plain }: { plain: PlainPost }) {
  const pathname = usePathname();
  // A new key per page view, so a double-clicked plain submit makes one lead; the server's and
  // the browser's differ, and only the server's is ever posted (the script sends JSON instead).
  const [key] = useState(newIdempotencyKey);
  return (
    <>
      <input type="hidden" name={PLAIN_FIELDS.fixed} value={JSON.stringify(plain.fixed)} />
      <input type="hidden" name={PLAIN_FIELDS.form} value={plain.formKey} />
      {pathname ? <input type="hidden" name={PLAIN_FIELDS.back} value={pathname} /> : null}
      <input type="hidden" name={PLAIN_FIELDS.key} value={key} suppressHydrationWarning />
    </>
  );
}

/**
 * The `<form>` of a lead form, single-step or multi-step, inside its field ids and react-hook-form
 * context: named by its dialog's title (or its own label), marked ready once hydrated and busy
 * while it sends. Before JavaScript it is a plain form post to the lead API (with the hidden
 * fields of `plain`); once hydrated the script sends JSON instead.
 */
export function LeadFormFrame<V extends FieldValues>(p: {
  lf: LeadFormState<V>;
  identity: LeadFormIdentity;
  onSubmit: FormEventHandler<HTMLFormElement>;
  plain: PlainPost;
  /** The multi-step form's step (1-based). */
  step?: number;
  children: ReactNode;
}) {
  const { lf, identity } = p;
  return (
    <FormIdsContext.Provider value={lf.idFor}>
      <FormProvider {...lf.methods}>
        <form
          id={identity.id}
          className={styles.form}
          noValidate
          method="post"
          action={LEADS_ENDPOINT}
          data-ready={lf.ready || undefined}
          onSubmit={p.onSubmit}
          aria-labelledby={identity.labelledBy}
          aria-label={identity.labelledBy ? undefined : (identity.ariaLabel ?? "Enquiry form")}
          aria-busy={lf.status === "submitting" || undefined}
          data-form={identity.form}
          data-step={p.step}
        >
          <PlainPostFields plain={p.plain} />
          {p.children}
        </form>
      </FormProvider>
    </FormIdsContext.Provider>
  );
}
