"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type UseFormReturn } from "react-hook-form";
import { MESSAGES } from "@/runtime/leads/messages";
import { leadAttributes, pageFields, recordVisit } from "./attribution";
import { leadEventId, pushLeadEvent } from "./events";
import { errorOf, fieldSlug, type SubmitStatus } from "./Fields";
import { leadResolver, toFormErrors } from "./resolver";
import { CONTACT_FIELDS, loadContact, saveContact, saveSuccessCategory } from "./storage";
import { failureMessage, IdempotencyKeys, postLead, type LeadResult, type PostLeadOptions } from "./submit";
import type { SummaryItem } from "./ErrorSummary";
import type { FieldError } from "@/runtime/field-error";

export type Navigate = (path: string) => void;
export const defaultNavigate: Navigate = (path) => window.location.assign(path);
export const defaultAlert = (message: string) => {
  try {
    window.alert(message);
  } catch {
    // no alert in this environment
  }
};

/** Drops empty strings, null and undefined (the API treats them as "not given"). */
export function compact(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) continue;
    out[k] = typeof v === "string" ? v.trim() : v;
  }
  return out;
}

/** The full body sent: the form's lead fields, the page fields, attribution and the honeypot. */
export function leadBody(lead: Record<string, unknown>, honeypot: unknown): Record<string, unknown> {
  const attrs = leadAttributes();
  return compact({ ...pageFields(), ...(attrs ? { lead_attributes: attrs } : {}), ...lead, company_url: typeof honeypot === "string" ? honeypot : undefined });
}

export interface LeadFormHooks {
  /** Tests and dialogs: replace navigation, alert and fetch. */
  navigate?: Navigate;
  alert?: (message: string) => void;
  post?: PostLeadOptions;
  /** Called after a successful submission, before navigating. */
  onSuccess?: (leadId: string, lead: Record<string, unknown>) => void;
}

/** The hooks alone, from props that carry them among others (a form passes its own on). */
export function leadFormHooks(p: LeadFormHooks): LeadFormHooks {
  return { navigate: p.navigate, alert: p.alert, post: p.post, onSuccess: p.onSuccess };
}

export interface UseLeadFormOptions<V extends FieldValues> extends LeadFormHooks {
  defaultValues: V;
  /** Form values → lead fields (the kit adds page fields, attribution and the honeypot). */
  toLead: (values: V) => Record<string, unknown>;
  commentsRequired?: boolean;
  extra?: (values: V, lead: Record<string, unknown>) => FieldError[];
  successPath: string;
  /** Multi-step forms: only these fields are checked now. */
  stepFields?: () => readonly string[] | null;
  /** Prefill the last-used contact details (default true). */
  prefillContact?: boolean;
  /** The success category stored for the success page (default: the lead's category). */
  successCategory?: (lead: Record<string, unknown>) => string;
  multiStep?: boolean;
  /** Errors the form opens with: a refused plain post's, rendered by the server before JavaScript. */
  initialErrors?: FieldErrors;
}

export interface LeadFormState<V extends FieldValues> {
  methods: UseFormReturn<V>;
  status: SubmitStatus;
  /** True once hydrated (the form is marked data-ready for tests and styling). */
  ready: boolean;
  formError: string | undefined;
  summary: SummaryItem[];
  summaryFocus: number;
  idFor: (name: string) => string;
  /** Marks a failed validation (error summary takes focus). */
  invalid: (errors: FieldErrors) => void;
  /** Sends a body; handles success (or not, for an earlier step) and failure. */
  send: (lead: Record<string, unknown>, opts?: { last?: boolean }) => Promise<LeadResult | null>;
  /** The standard single-step submit handler for <form onSubmit>. */
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  setFormError: (message: string | undefined) => void;
  setStatus: (s: SubmitStatus) => void;
}

export function useLeadForm<V extends FieldValues>(options: UseLeadFormOptions<V>): LeadFormState<V> {
  const uid = useId();
  const idFor = useCallback((name: string) => `${uid.replace(/:/g, "")}-${fieldSlug(name)}`, [uid]);
  const optsRef = useRef(options);
  optsRef.current = options;
  const resolver = useMemo(
    () =>
      leadResolver<V>({
        toLead: (v) => optsRef.current.toLead(v),
        commentsRequired: options.commentsRequired,
        extra: (v, l) => optsRef.current.extra?.(v, l) ?? [],
        fields: () => optsRef.current.stepFields?.() ?? null,
      }),
    [options.commentsRequired],
  );
  // Once: react-hook-form sets its errors again whenever this object changes.
  const [initialErrors] = useState(() => options.initialErrors);
  const methods = useForm<V>({
    defaultValues: options.defaultValues as DefaultValues<V>,
    errors: initialErrors as FieldErrors<V> | undefined,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: false,
  });
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [formError, setFormError] = useState<string | undefined>();
  const [summaryFocus, setSummaryFocus] = useState(0);
  const keys = useRef(new IdempotencyKeys());
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    recordVisit();
    if (options.prefillContact === false) return;
    const saved = loadContact();
    for (const f of CONTACT_FIELDS) {
      const current = methods.getValues(f as never) as unknown;
      if (saved[f] && (current === undefined || current === "")) methods.setValue(f as never, saved[f] as never);
    }
    // once, after hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errors = methods.formState.errors;
  const summary: SummaryItem[] = Object.keys(errors)
    .filter((k) => k !== "root")
    .map((k) => ({ id: idFor(k), message: errorOf(errors, k) ?? "" }))
    .filter((i) => i.message);
  const rootMessage = errorOf(errors, "root");
  if (rootMessage) summary.push({ id: idFor("form-error"), message: rootMessage });

  const invalid = useCallback((_errors?: FieldErrors) => setSummaryFocus((n) => n + 1), []);

  const send = useCallback(
    async (lead: Record<string, unknown>, opts: { last?: boolean } = {}): Promise<LeadResult | null> => {
      const o = optsRef.current;
      const last = opts.last ?? true;
      setStatus("submitting");
      setFormError(undefined);
      const body = leadBody(lead, methods.getValues("company_url" as never));
      const text = JSON.stringify(body);
      const result = await postLead(text, keys.current.keyFor(text), o.post);
      if (result.ok) {
        keys.current.forget();
        if (!last) {
          setStatus("idle");
          return result;
        }
        setStatus("success");
        const category = o.successCategory?.(body) ?? String(body.category ?? "");
        saveSuccessCategory(category);
        pushLeadEvent(leadEventId(String(body.form ?? ""), typeof body.car_type === "string" ? body.car_type : undefined), {
          category,
          lead_id: result.lead_id,
        });
        saveContact(body);
        o.onSuccess?.(result.lead_id, body);
        (o.navigate ?? defaultNavigate)(o.successPath);
        return result;
      }
      setStatus("failure");
      if (result.status === 400 && result.errors.length) {
        // The server found what the browser did not (a dealership of another dealer …): show them on the fields.
        const formErrors = toFormErrors(result.errors, Object.keys(methods.getValues() as object), {}, true) as Record<string, { message: string }>;
        for (const [k, e] of Object.entries(formErrors)) methods.setError(k as never, { type: "server", message: e.message });
        setSummaryFocus((n) => n + 1);
        return result;
      }
      const message = failureMessage(result, o.multiStep);
      (o.alert ?? defaultAlert)(o.multiStep && !result.message ? message : MESSAGES.submitFailed);
      setFormError(message);
      return result;
    },
    [methods],
  );

  const onSubmit = useMemo(
    () =>
      methods.handleSubmit(
        async (values) => {
          await send(optsRef.current.toLead(values));
        },
        () => invalid({}),
      ),
    [methods, send, invalid],
  );

  return { methods, status, ready, formError, summary, summaryFocus, idFor, invalid, send, onSubmit, setFormError, setStatus };
}

export { MESSAGES };
