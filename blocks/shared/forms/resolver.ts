/**
 * A react-hook-form resolver over the shared lead validation (runtime/leads/validate.ts): the
 * precompiled lead.schema.json validator the API uses, plus the per-site rules. No ajv compile at
 * run time and no eval. The form supplies `toLead` (form values → the lead body it would send);
 * errors are reported on the form's own fields, in form order, with the API's messages.
 */
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from "react-hook-form";
import { validateLeadFields } from "@/runtime/leads/validate";
import { sortFieldErrors, type FieldError } from "@/runtime/leads/messages";

export interface LeadResolverOptions<V extends FieldValues> {
  /** Form values → the lead body (with hidden and context fields). */
  toLead: (values: V) => Record<string, unknown>;
  /** Whether every required field is checked (single-step form or last step). Default true. */
  final?: boolean;
  commentsRequired?: boolean;
  /** Only these form fields report errors (a step of a multi-step form); default all the form's fields. */
  fields?: () => readonly string[] | null;
  /** Extra rules the schema cannot see (dealership required when the picker is shown …). */
  extra?: (values: V, lead: Record<string, unknown>) => FieldError[];
  /** Lead field → form field, where they differ (e.g. dealership_id → location_id). */
  fieldFor?: Record<string, string>;
}

/** Lead fields reported under another form field. */
const DEFAULT_FIELD_FOR: Record<string, string> = {
  dealership_id: "location_id",
  dealership_slug: "location_id",
  location: "location_id",
  subcategory: "category",
};

/** Validates like the API does; returns the field errors (lead field names) or []. */
export function leadErrors(lead: Record<string, unknown>, final: boolean, commentsRequired: boolean | undefined): FieldError[] {
  const result = validateLeadFields(lead, { final, commentsRequired });
  return result.ok ? [] : result.errors;
}

/**
 * Errors for the form: lead fields mapped to form fields. An error on a field the form does not
 * show goes to `root` when strayToRoot (a whole form: nothing is silently swallowed), and is left
 * for later when not (a step of a multi-step form).
 */
export function toFormErrors(errors: FieldError[], formFields: readonly string[], fieldFor: Record<string, string> = {}, strayToRoot = true): FieldErrors {
  const out: Record<string, { type: string; message: string }> = {};
  const map = { ...DEFAULT_FIELD_FOR, ...fieldFor };
  for (const e of sortFieldErrors(errors)) {
    const top = e.field.split(".")[0];
    const field = map[top] && formFields.includes(map[top]) ? map[top] : top;
    if (field && formFields.includes(field)) out[field] ??= { type: "lead", message: e.message };
    else if (strayToRoot) out.root ??= { type: "lead", message: `${e.message}${field ? ` (${field})` : ""}` };
  }
  return out as FieldErrors;
}

export function leadResolver<V extends FieldValues>(options: LeadResolverOptions<V>): Resolver<V> {
  return async (values, _context, resolverOptions) => {
    const lead = options.toLead(values);
    const errors = [...leadErrors(lead, options.final ?? true, options.commentsRequired), ...(options.extra?.(values, lead) ?? [])];
    const step = options.fields?.() ?? null;
    const formFields = step ?? Object.keys(resolverOptions.fields ?? {});
    const formErrors = toFormErrors(errors, formFields, options.fieldFor, step === null);
    if (Object.keys(formErrors).length) return { values: {}, errors: formErrors as FieldErrors<V> } as ResolverResult<V>;
    return { values, errors: {} } as ResolverResult<V>;
  };
}
