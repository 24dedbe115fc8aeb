/**
 * The lead forms' react-hook-form resolver: @hookform/resolvers' Standard Schema resolver over the
 * shared lead validation (runtime/leads/validate.ts leadSchema), which is the precompiled
 * lead.schema.json validator the API uses, plus the per-site rules. No schema is compiled at run
 * time and nothing is evaluated (the ajv resolver would compile, which a strict CSP forbids). The
 * form supplies `toLead` (form values → the lead body it would send); errors are reported on the
 * form's own fields, in form order, with the API's messages.
 */
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { fieldErrorsOf, leadSchema, type SyncStandardSchema } from "@/runtime/leads/validate";
import { sortFieldErrors } from "@/runtime/leads/messages";
import type { FieldError } from "@/runtime/field-error";

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

/**
 * The form as a Standard Schema: form values -> the lead body (`toLead`) -> the lead schema the API
 * uses, plus the form's extra rules; one issue per form field in form order, at most one on the
 * form as a whole (`strayToRoot`).
 */
export function leadFormSchema<V extends FieldValues>(
  options: LeadResolverOptions<V>,
  formFields: readonly string[],
  strayToRoot: boolean,
): SyncStandardSchema<V, V> {
  const lead = leadSchema({ final: options.final ?? true, commentsRequired: options.commentsRequired });
  return {
    "~standard": {
      version: 1,
      vendor: "dealer-platform",
      validate(value) {
        const values = value as V;
        const body = options.toLead(values);
        const checked = lead["~standard"].validate(body);
        const errors = [...(checked.issues ? fieldErrorsOf(checked.issues) : []), ...(options.extra?.(values, body) ?? [])];
        const formErrors = toFormErrors(errors, formFields, options.fieldFor, strayToRoot) as Record<string, { message: string }>;
        const issues = Object.entries(formErrors).map(([field, e]) => (field === "root" ? { message: e.message } : { message: e.message, path: [field] }));
        return issues.length ? { issues } : { value: values };
      },
    },
  };
}

/**
 * The react-hook-form resolver of a lead form: @hookform/resolvers' Standard Schema resolver over
 * leadFormSchema. The form's fields are those registered (or the current step's, whose errors
 * alone are reported).
 */
export function leadResolver<V extends FieldValues>(options: LeadResolverOptions<V>): Resolver<V> {
  return (values, context, resolverOptions) => {
    const step = options.fields?.() ?? null;
    const formFields = step ?? Object.keys(resolverOptions.fields ?? {});
    return standardSchemaResolver(leadFormSchema(options, formFields, step === null), undefined, { raw: true })(values, context, resolverOptions);
  };
}
