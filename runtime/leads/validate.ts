/**
 * Lead validation shared by the API and the browser forms: the precompiled lead.schema.json
 * validator (no ajv compile at run time) plus the per-site and per-form rules a static schema
 * cannot express. Pure (no Node APIs).
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { validateLead } from "../generated/validate-lead.js";
import type { Lead } from "../generated/types";
import { MESSAGES, messagesFromAjv, sortFieldErrors, fieldMessage } from "./messages";
import type { FieldError } from "@/runtime/field-error";

export type { Lead } from "../generated/types";
export type LeadForm = NonNullable<Lead["form"]>;

/** Forms on which the comments field is required (unless the site sets commentsRequired false). */
export const COMMENT_FORMS: readonly LeadForm[] = ["enquiry", "multi-step-enquiry", "contact", "finance"];
/** Control fields: they steer the API and are not stored with the lead. */
export const CONTROL_FIELDS = ["lead_id", "isLastStep", "company_url"] as const;
export const HONEYPOT_FIELD = "company_url";

export interface LeadValidationOptions {
  /** The dealer's forms setting (default true). */
  commentsRequired?: boolean;
  /**
   * true: a single-step form or the last step (every required field is checked);
   * false: an earlier step of a multi-step form (only the fields present are checked).
   */
  final: boolean;
}

export type LeadValidation = { ok: true; lead: Lead } | { ok: false; errors: FieldError[] };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Fields typed in a textarea: line breaks belong there and nowhere else. */
export const MULTILINE_FIELDS: readonly string[] = ["message", "Order Detail"];

// NUL and the other C0 controls (tab, line feed and carriage return aside) and DEL: never typed
// into a form, refused by PostgreSQL's jsonb (NUL) and able to forge lines in logs and emails.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n]/;

/** Whether a value (or any string inside it, keys included) holds characters a form cannot have sent. */
function hasForbiddenText(v: unknown, multiline: boolean, depth = 0): boolean {
  if (typeof v === "string") return CONTROL.test(v) || (!multiline && LINE_BREAK.test(v));
  if (depth > 8 || v === null || typeof v !== "object") return false;
  for (const [k, x] of Object.entries(v)) if (CONTROL.test(k) || LINE_BREAK.test(k) || hasForbiddenText(x, multiline, depth + 1)) return true;
  return false;
}

/** The fields holding control characters (or line breaks outside a textarea's field), each with a message. */
export function controlCharacterErrors(data: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (CONTROL.test(k) || LINE_BREAK.test(k) || hasForbiddenText(v, MULTILINE_FIELDS.includes(k)))
      errors.push({ field: CONTROL.test(k) || LINE_BREAK.test(k) ? "" : k, message: MESSAGES.controlCharacters });
  }
  return errors;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Validates (a copy of) data; on success returns the lead with schema defaults and the spec's remaps applied. */
export function validateLeadFields(data: unknown, options: LeadValidationOptions): LeadValidation {
  if (!isPlainObject(data)) return { ok: false, errors: [{ field: "", message: MESSAGES.unreadable }] };
  const refused = controlCharacterErrors(data);
  if (refused.length) return { ok: false, errors: sortFieldErrors(refused) };
  const lead: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    // Trim typed text; null and empty text mean "not given" (empty inputs and selects send them).
    if (v === null) continue;
    if (typeof v === "string") {
      const t = v.trim();
      if (t !== "") lead[k] = t;
    } else lead[k] = structuredCloneSafe(v);
  }
  const valid = validateLead(lead);
  // Earlier steps of a multi-step form carry only some fields: missing top-level fields are not errors yet.
  const ajvErrors = valid ? [] : (validateLead.errors ?? []).filter((e) => options.final || !(e.keyword === "required" && e.instancePath === ""));
  const errors = messagesFromAjv(ajvErrors);
  if (options.final) {
    const form = (lead.form as LeadForm | undefined) ?? "enquiry";
    const have = new Set(errors.map((e) => e.field));
    if (options.commentsRequired !== false && COMMENT_FORMS.includes(form) && blank(lead.message) && !have.has("message")) {
      errors.push({ field: "message", message: fieldMessage("message") });
    }
    if (form === "parts" && blank(lead["Order Detail"]) && !have.has("Order Detail")) {
      errors.push({ field: "Order Detail", message: fieldMessage("Order Detail") });
    }
  }
  if (errors.length) return { ok: false, errors: sortFieldErrors(errors) };
  return { ok: true, lead: applyRemaps(lead as unknown as Lead) };
}

/** A Standard Schema whose validation runs synchronously (a promise is never returned). */
export interface SyncStandardSchema<Input, Output> {
  readonly "~standard": Omit<StandardSchemaV1.Props<Input, Output>, "validate"> & {
    readonly validate: (value: unknown, options?: StandardSchemaV1.Options) => StandardSchemaV1.Result<Output>;
  };
}

/**
 * The lead validation above as a Standard Schema (the interface form libraries such as
 * react-hook-form's resolvers accept): the API and the browser forms validate a lead body with
 * this one precompiled validator. Each issue's path is the field (dotted fields split), absent for
 * the whole body; the message is the API's.
 */
export function leadSchema(options: LeadValidationOptions): SyncStandardSchema<Record<string, unknown>, Lead> {
  return {
    "~standard": {
      version: 1,
      vendor: "dealer-platform",
      validate(value) {
        const result = validateLeadFields(value, options);
        if (result.ok) return { value: result.lead };
        return { issues: result.errors.map((e) => ({ message: e.message, ...(e.field ? { path: e.field.split(".") } : {}) })) };
      },
    },
  };
}

/** Standard Schema issues back as field errors (the API's shape). */
export function fieldErrorsOf(issues: readonly StandardSchemaV1.Issue[]): FieldError[] {
  return issues.map((i) => ({ field: (i.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join("."), message: i.message }));
}

function structuredCloneSafe<T>(v: T): T {
  return typeof v === "object" && v !== null ? (JSON.parse(JSON.stringify(v)) as T) : v;
}

/** Careers Enquiry is sent as General Enquiry with subcategory Career Enquiry; request photos has a default message. */
export function applyRemaps(lead: Lead): Lead {
  const out: Lead = { ...lead };
  if (typeof out.category === "string" && /^careers? enquiry$/i.test(out.category)) {
    out.category = "General Enquiry";
    out.subcategory = "Career Enquiry";
  }
  if (out.form === "request-photos" && blank(out.message)) out.message = MESSAGES.requestPhotosDefault;
  return out;
}
