/**
 * The lead forms as plain HTML form posts (before JavaScript): what the server-rendered `<form>`
 * carries beside the visible fields, and how a form takes back what a refused post left it
 * (runtime/leads/form-post.ts is the server's side). Pure.
 */
import type { FieldErrors, FieldValues } from "react-hook-form";
import type { PostedLeadForm } from "@/runtime/leads/form-post";
import { toFormErrors } from "./resolver";

export type { PostedLeadForm };

/** The form's values with every field emptied: what the script's lead holds when the shopper has typed nothing. */
export function emptyValues<V extends FieldValues>(defaults: V): V {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(defaults)) out[k] = typeof v === "boolean" ? false : typeof v === "string" ? "" : v;
  return out as V;
}

/**
 * The lead fields a form fixes rather than asks (form, category, the car, the only location,
 * source …): its lead with nothing typed, empty text left out. A plain post sends them as `_lead`,
 * and the typed fields override them, as the script's lead is built.
 */
export function fixedLeadFields<V extends FieldValues>(toLead: (values: V) => Record<string, unknown>, defaults: V): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(toLead(emptyValues(defaults)))) {
    if (v === undefined || v === null || v === false || (typeof v === "string" && v.trim() === "")) continue;
    out[k] = v;
  }
  return out;
}

/** Which form on the page posted: its kind and anchor (the heading it is named by), as the redirect back finds it. */
export function formKeyFor(form: string, anchor: string | undefined): string {
  const safe = (anchor ?? "").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 100);
  return safe ? `${form}#${safe}` : form;
}

/** What names a lead form on its page: its kind, its anchor and its accessible name, and what a refused plain post left the page. */
export interface LeadFormIdentity {
  form: string;
  /** Element id of the form (an anchor such as finance-form). */
  id?: string;
  /** Accessible name of the form (a heading id). */
  labelledBy?: string;
  ariaLabel?: string;
  /** What a refused plain post (before JavaScript) left for the forms of this page. */
  posted?: PostedLeadForm | null;
}

/**
 * How a lead form starts: its key among the page's forms, and its first values and errors, taken
 * from a refused plain post when that post was this form's (a form sent back with what was typed
 * keeps it rather than the last-used contact details).
 */
export function leadFormStart<V extends FieldValues>(identity: LeadFormIdentity, defaults: V) {
  const formKey = formKeyFor(identity.form, identity.labelledBy ?? identity.id);
  const posted = postedFor(identity.posted, formKey);
  return {
    formKey,
    defaultValues: withPostedValues(defaults, posted),
    initialErrors: postedErrors(posted, Object.keys(defaults)),
    prefillContact: !posted,
  };
}

/** The posted state when it is this form's (or names no form). */
export function postedFor(posted: PostedLeadForm | null | undefined, key: string): PostedLeadForm | null {
  if (!posted) return null;
  return posted.form === "" || posted.form === key ? posted : null;
}

/** The form's first values with what the shopper typed in the refused post (a ticked box comes back ticked). */
export function withPostedValues<V extends FieldValues>(defaults: V, posted: PostedLeadForm | null): V {
  if (!posted) return defaults;
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(posted.values)) {
    if (!(k in defaults) || k === "company_url") continue;
    out[k] = typeof defaults[k] === "boolean" ? v !== "" : v;
  }
  // A box not ticked is not posted at all.
  for (const [k, v] of Object.entries(defaults)) if (typeof v === "boolean" && !(k in posted.values)) out[k] = false;
  return out as V;
}

/** The refused post's errors on the form's own fields, any other (and a problem with the whole post) on the form as a whole. */
export function postedErrors(posted: PostedLeadForm | null, formFields: readonly string[]): FieldErrors | undefined {
  if (!posted || (!posted.errors.length && !posted.problem)) return undefined;
  const errors = toFormErrors(posted.errors, formFields, {}, true) as Record<string, { type: string; message: string }>;
  if (posted.problem) errors.root = { type: "server", message: posted.problem };
  return errors as FieldErrors;
}
