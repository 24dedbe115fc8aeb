/**
 * Lead validation shared by the API and the browser forms: the precompiled lead.schema.json
 * validator (no ajv compile at run time) plus the per-site and per-form rules a static schema
 * cannot express. Pure (no Node APIs).
 */
import { validateLead } from "../generated/validate-lead.js";
import type { Lead } from "../generated/types";
import { MESSAGES, messagesFromAjv, sortFieldErrors, fieldMessage, type FieldError } from "./messages";

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

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Validates (a copy of) data; on success returns the lead with schema defaults and the spec's remaps applied. */
export function validateLeadFields(data: unknown, options: LeadValidationOptions): LeadValidation {
  if (!isPlainObject(data)) return { ok: false, errors: [{ field: "", message: MESSAGES.unreadable }] };
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
