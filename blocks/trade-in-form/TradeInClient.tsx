"use client";

import { useRef, useState } from "react";
import { Controller, FormProvider } from "react-hook-form";
import type { FieldError } from "@/runtime/leads/messages";
import { ADJUSTMENT_QUESTIONS_CLIENT, REGO_STATE_OPTIONS } from "./questions";
import { tradeInGuidance } from "@/runtime/leads/messages";
import { KilometreInput } from "@/blocks/shared/inputs/KilometreInput";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { DealershipPicker, dealershipRequired, locationLeadFields } from "@/blocks/shared/forms/DealershipPicker";
import { ErrorSummary } from "@/blocks/shared/forms/ErrorSummary";
import {
  ContactFields,
  EMPTY_CONTACT,
  type ContactValues,
  errorOf,
  FormError,
  FormIdsContext,
  Honeypot,
  PrivacyNotice,
  RadioGroupField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "@/blocks/shared/forms/Fields";
import { trackEvent } from "@/runtime/analytics";
import { compact, useLeadForm, type LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";
import formStyles from "@/blocks/shared/forms/forms.module.css";
import styles from "./trade-in-form.module.css";

export interface TradeInValues extends ContactValues {
  rego: string;
  regoState: string;
  "Vehicle Make": string;
  "Vehicle Model": string;
  "Vehicle Year": string;
  kms: number | null;
  [adjustment: `adj_${string}`]: string;
  location_id: string;
  message: string;
  company_url: string;
}

type Offer = { status: "offer"; offer_price: number; range: { low: number; high: number } } | { status: "not-eligible" | "no-estimate"; message: string };

/** A stored valuation as POST /api/valuation answers it (runtime/leads/trade-in-api.ts publicValuation). */
export interface ValuationView {
  id: string;
  step: "condition" | "offer" | "sent";
  make: string;
  model: string;
  year: number;
  kms: number;
  result: Offer | null;
}

/** Where a plain form post (before JavaScript) left the form: the server renders the same step. */
export interface TradeInInitial {
  valuation: ValuationView | null;
  state: {
    lookup?: { rego: string; regoState: string; message: string; vehicle: { make: string; model: string; year: number } | null };
    vehicle?: Record<string, string>;
    contact?: Record<string, string>;
    errors?: { field: string; message: string }[];
  } | null;
  /** This page, to come back to after a plain post. */
  back: string;
}

const PHASES = ["Your Car", "Condition", "Your Details"] as const;
/** The plain form's step names (POST /api/valuation/form). */
const STEPS = ["vehicle", "condition", "details"] as const;
const UNAVAILABLE: Offer = { status: "no-estimate", message: "Online estimates are unavailable right now. Send us your details and we'll value your car." };

function initialPhase(initial: TradeInInitial | undefined): number {
  const v = initial?.valuation;
  if (!v) return 0;
  return v.step === "condition" ? 1 : 2;
}
const VEHICLE_FIELDS = ["rego", "regoState", "Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"];
const money = (n: number) => `$${Math.round(n).toLocaleString("en-AU")}`;

export interface TradeInClientProps extends LeadFormHooks {
  config: FormConfig;
  variant: "trade-in" | "sell-my-car";
  labelledBy?: string;
  carId?: string;
  fetchImpl?: typeof fetch;
  initial?: TradeInInitial;
}

/**
 * Trade-in / sell-my-car: the car (rego lookup or make, model, year; kilometres), the adjustment
 * questions, the offer kept by the server (POST /api/valuation "vehicle" then "adjustments"; an
 * older or high-kilometre car gets the guidance straight after the first step), then contact
 * details and acceptance (the offerAccepted event) or just sending them (POST /api/valuation/lead, which puts the
 * server's offer into the lead). Before JavaScript the same form posts to /api/valuation/form,
 * which comes back to this page at the next step (`initial`).
 */
export function TradeInClient({ config, variant, labelledBy, carId, fetchImpl, initial, ...hooks }: TradeInClientProps) {
  const [phase, setPhase] = useState(() => initialPhase(initial));
  const phaseRef = useRef(0);
  phaseRef.current = phase;
  const [valuationId, setValuationId] = useState<string | null>(initial?.valuation?.id ?? null);
  const [offer, setOffer] = useState<Offer | null>(initial?.valuation?.result ?? null);
  const offerRef = useRef<Offer | null>(null);
  offerRef.current = offer;
  const [lookup, setLookup] = useState<string>(initial?.state?.lookup?.message ?? "");
  const serverErrors = initial?.state?.errors ?? [];
  const [busy, setBusy] = useState(false);
  const accept = useRef(false);
  const options = config.locations;
  const offerHeading = useRef<HTMLDivElement>(null);
  const doFetch = fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  const adjustmentAnswers = (v: TradeInValues) => {
    const out: Record<string, string> = {};
    for (const q of ADJUSTMENT_QUESTIONS_CLIENT) if (v[`adj_${q.id}`]) out[q.id] = v[`adj_${q.id}`];
    return out;
  };

  const toLead = (v: TradeInValues): Record<string, unknown> => {
    const o = offerRef.current;
    const year = v["Vehicle Year"].trim();
    const answers = adjustmentAnswers(v);
    return compact({
      form: variant,
      category: variant === "sell-my-car" ? "Sell My Car" : "Trade-In",
      rego: v.rego.replace(/\s+/g, "").toUpperCase(),
      regoState: v.regoState,
      "Vehicle Make": v["Vehicle Make"],
      "Vehicle Model": v["Vehicle Model"],
      "Vehicle Year": /^[0-9]{4}$/.test(year) ? Number(year) : year,
      kms: v.kms ?? undefined,
      ...(Object.keys(answers).length ? { adjustmentAnswers: answers } : {}),
      ...(o?.status === "offer" ? { offer_price: o.offer_price, offer_accepted: accept.current } : {}),
      name: v.name,
      last_name: v.last_name,
      email: v.email,
      phone: v.phone,
      postcode: v.postcode,
      message: v.message,
      ...locationLeadFields(v.location_id, options),
      ...(carId ? { car_id: carId } : {}),
      source: "website",
    });
  };

  const extra = (v: TradeInValues): FieldError[] => {
    const errors: FieldError[] = [];
    if (phaseRef.current === 0) {
      if (!v["Vehicle Make"].trim()) errors.push({ field: "Vehicle Make", message: "Please enter the make" });
      if (!v["Vehicle Model"].trim()) errors.push({ field: "Vehicle Model", message: "Please enter the model" });
      if (!/^[0-9]{4}$/.test(v["Vehicle Year"].trim())) errors.push({ field: "Vehicle Year", message: "Please enter a 4-digit year" });
      if (v.kms === null || v.kms === undefined) errors.push({ field: "kms", message: "Please enter the kilometres as a whole number" });
    }
    if (phaseRef.current === 2) errors.push(...dealershipRequired(v.location_id, options));
    return errors;
  };

  const typed = { ...initial?.state?.vehicle, ...initial?.state?.contact };
  const found = initial?.state?.lookup?.vehicle;
  const known = initial?.valuation;
  const typedKms = (typed.kms ?? "").replace(/[^0-9]/g, "");
  const lf = useLeadForm<TradeInValues>({
    defaultValues: {
      rego: initial?.state?.lookup?.rego ?? typed.rego ?? "",
      regoState: initial?.state?.lookup?.regoState ?? typed.regoState ?? "",
      "Vehicle Make": known?.make ?? found?.make ?? typed["Vehicle Make"] ?? "",
      "Vehicle Model": known?.model ?? found?.model ?? typed["Vehicle Model"] ?? "",
      "Vehicle Year": String(known?.year ?? found?.year ?? typed["Vehicle Year"] ?? ""),
      kms: known ? known.kms : typedKms ? Number(typedKms) : null,
      location_id: typed.location_id ?? "",
      ...EMPTY_CONTACT,
      ...Object.fromEntries(Object.entries(initial?.state?.contact ?? {}).filter(([k]) => k in EMPTY_CONTACT)),
      message: typed.message ?? "",
      company_url: "",
      ...Object.fromEntries(ADJUSTMENT_QUESTIONS_CLIENT.map((q) => [`adj_${q.id}`, ""])),
    } as TradeInValues,
    toLead,
    extra,
    commentsRequired: false,
    successPath: config.successPath,
    stepFields: () => (phaseRef.current === 0 ? VEHICLE_FIELDS : phaseRef.current === 1 ? ADJUSTMENT_QUESTIONS_CLIENT.map((q) => `adj_${q.id}`) : null),
    ...hooks,
    // With a stored valuation the lead goes through /api/valuation/lead, which puts the server's offer into it.
    post: { ...hooks.post, ...(valuationId ? { endpoint: "/api/valuation/lead" } : {}) },
    onSuccess: (leadId, lead) => {
      const o = offerRef.current;
      if (lead.offer_accepted === true && o?.status === "offer") trackEvent("offerAccepted", { lead_id: leadId, offer_price: o.offer_price });
      hooks.onSuccess?.(leadId, lead);
    },
  });
  const { methods, status } = lf;

  const lookupRego = async () => {
    const rego = methods.getValues("rego").replace(/\s+/g, "").toUpperCase();
    const regoState = methods.getValues("regoState");
    if (!rego || !regoState) {
      setLookup("Enter the rego and choose the state to look up your car.");
      return;
    }
    setLookup("Looking up your rego…");
    try {
      const res = await doFetch("/api/valuation", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "rego", rego, regoState }),
      });
      const data = (await res.json()) as { vehicle?: { make: string; model: string; year: number } | null; message?: string };
      if (res.ok && data.vehicle) {
        methods.setValue("Vehicle Make", data.vehicle.make);
        methods.setValue("Vehicle Model", data.vehicle.model);
        methods.setValue("Vehicle Year", String(data.vehicle.year));
        setLookup(`Found: ${data.vehicle.year} ${data.vehicle.make} ${data.vehicle.model}. Please check the details below.`);
      } else
        setLookup(res.ok ? "We couldn't find that rego. Please enter your car's make, model and year." : (data.message ?? "Please check the rego and state."));
    } catch {
      setLookup("The rego lookup is unavailable. Please enter your car's make, model and year.");
    }
  };

  const valuationCall = async (body: Record<string, unknown>): Promise<{ valuation: ValuationView | null; errors: FieldError[] }> => {
    try {
      const res = await doFetch("/api/valuation", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const data = (await res.json()) as { valuation?: ValuationView; errors?: FieldError[] };
      return { valuation: res.ok && data.valuation ? data.valuation : null, errors: res.status === 400 && Array.isArray(data.errors) ? data.errors : [] };
    } catch {
      return { valuation: null, errors: [] };
    }
  };

  const showOffer = (result: Offer | null) => {
    setOffer(result ?? UNAVAILABLE);
    setPhase(2);
    requestAnimationFrame(() => offerHeading.current?.focus());
  };

  /** Step 1 done: the server keeps the car; an old or high-kilometre car gets its answer at once. */
  const startValuation = async (v: TradeInValues) => {
    setBusy(true);
    const out = await valuationCall({
      action: "vehicle",
      rego: v.rego.replace(/\s+/g, "").toUpperCase() || undefined,
      regoState: v.regoState || undefined,
      make: v["Vehicle Make"].trim(),
      model: v["Vehicle Model"].trim(),
      year: Number(v["Vehicle Year"]),
      kms: v.kms,
    });
    setBusy(false);
    if (out.errors.length) {
      for (const e of out.errors) methods.setError(e.field as never, { type: "server", message: e.message });
      lf.invalid({});
      return;
    }
    methods.clearErrors();
    setValuationId(out.valuation?.id ?? null);
    if (!out.valuation) return showOffer(null); // the service is down: the details can still be sent
    if (out.valuation.result) return showOffer(out.valuation.result);
    setPhase(1);
  };

  /** Step 2 done: the adjustments (id, adjustmentAnswers) give the offer. */
  const getEstimate = async (v: TradeInValues) => {
    setBusy(true);
    const out = valuationId ? await valuationCall({ action: "adjustments", id: valuationId, adjustmentAnswers: adjustmentAnswers(v) }) : null;
    setBusy(false);
    showOffer(out?.valuation?.result ?? null);
  };

  const onSubmit = methods.handleSubmit(
    async (v) => {
      if (phaseRef.current === 0) return startValuation(v);
      if (phaseRef.current === 1) return getEstimate(v);
      await lf.send(
        valuationId ? { ...toLead(v), valuation_id: valuationId, offer_accepted: accept.current && offerRef.current?.status === "offer" } : toLead(v),
      );
    },
    () => lf.invalid({}),
  );

  const back = () => {
    methods.clearErrors();
    // From the offer back to the questions (the same valuation is asked again); from an answer without questions, or the questions, back to the car.
    const toQuestions = phase === 2 && !!valuationId && offer?.status !== "not-eligible";
    setOffer(null);
    setPhase(toQuestions ? 1 : 0);
  };

  const kmsError = errorOf(methods.formState.errors, "kms");
  const hasOffer = offer?.status === "offer";

  return (
    <FormIdsContext.Provider value={lf.idFor}>
      <FormProvider {...methods}>
        <form
          className={formStyles.form}
          method="post"
          action="/api/valuation/form"
          noValidate
          data-ready={lf.ready || undefined}
          onSubmit={onSubmit}
          aria-labelledby={labelledBy}
          aria-busy={status === "submitting" || busy || undefined}
          data-form={variant}
          data-step={phase + 1}
        >
          <ol className={formStyles.progress} aria-label="Progress">
            {PHASES.map((p, i) => (
              <li
                key={p}
                className={i === phase ? formStyles.progressCurrent : i < phase ? formStyles.progressDone : undefined}
                aria-current={i === phase ? "step" : undefined}
              >
                <span className={formStyles.progressNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <span>{p}</span>
              </li>
            ))}
          </ol>
          <input type="hidden" name="step" value={STEPS[phase]} />
          {valuationId ? <input type="hidden" name="id" value={valuationId} /> : null}
          <input type="hidden" name="back" value={initial?.back ?? "/"} />
          <input type="hidden" name="success" value={config.successPath} />
          <input type="hidden" name="variant" value={variant} />
          {carId ? <input type="hidden" name="car_id" value={carId} /> : null}
          <ErrorSummary
            items={lf.summary.length || !serverErrors.length ? lf.summary : serverErrors.map((e) => ({ id: lf.idFor(e.field), message: e.message }))}
            focusKey={lf.summaryFocus}
          />
          {phase === 0 ? (
            <>
              <p className={styles.guidance}>{tradeInGuidance(config.tradeIn)}</p>
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
                      void lookupRego();
                    }}
                  >
                    Look up rego
                  </button>
                  <p className={formStyles.hint} role="status">
                    {lookup}
                  </p>
                </div>
                <TextField name="Vehicle Make" label="Make" required maxLength={100} autoComplete="off" />
                <TextField name="Vehicle Model" label="Model" required maxLength={100} autoComplete="off" />
                <TextField name="Vehicle Year" label="Year" required inputMode="numeric" maxLength={4} digitsOnly autoComplete="off" />
                <Controller
                  name="kms"
                  control={methods.control}
                  render={({ field }) => (
                    <KilometreInput
                      id={lf.idFor("kms")}
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
          ) : null}
          {phase === 1 ? (
            <div className={formStyles.grid}>
              {ADJUSTMENT_QUESTIONS_CLIENT.map((q) => (
                <RadioGroupField
                  key={q.id}
                  name={`adj_${q.id}`}
                  legend={q.question}
                  options={q.options.map((o) => ({ value: o, label: o }))}
                  className={formStyles.full}
                />
              ))}
            </div>
          ) : null}
          {phase === 2 ? (
            <>
              <div ref={offerHeading} tabIndex={-1} className={styles.offer} role="status" data-testid="trade-in-offer">
                {hasOffer ? (
                  <>
                    <h3 className={styles.offerTitle}>Your estimate</h3>
                    <p className={styles.offerPrice}>{money(offer.offer_price)}</p>
                    <p className={formStyles.hint}>
                      Usually between {money(offer.range.low)} and {money(offer.range.high)}, subject to an inspection of the car.
                    </p>
                  </>
                ) : (
                  <>
                    <h3 className={styles.offerTitle}>We&apos;ll value your car in person</h3>
                    <p className={styles.guidance}>{offer?.message ?? tradeInGuidance(config.tradeIn)}</p>
                  </>
                )}
              </div>
              <div className={formStyles.grid}>
                <DealershipPicker options={config.locations} />
                <ContactFields />
                <TextAreaField name="message" label="Anything else we should know?" />
                <Honeypot />
                <PrivacyNotice text={config.privacy.text} href={config.privacy.href} />
              </div>
            </>
          ) : null}
          <FormError id={lf.idFor("form-error")} message={lf.formError} />
          <div className={formStyles.stepActions}>
            {phase > 0 ? (
              // A link before JavaScript (the form again from the start), a step back after.
              <a
                href={initial?.back ?? "/"}
                className={`button button--outline ${formStyles.back}`}
                onClick={(e) => {
                  e.preventDefault();
                  if (status !== "submitting") back();
                }}
              >
                Back
              </a>
            ) : null}
            {/* Enabled before hydration: a press then is a plain post to /api/valuation/form. */}
            {phase === 0 ? <SubmitButton status={busy ? "submitting" : "idle"}>Next</SubmitButton> : null}
            {phase === 1 ? <SubmitButton status={busy ? "submitting" : "idle"}>Get my estimate</SubmitButton> : null}
            {phase === 2 && hasOffer ? (
              <span onClickCapture={() => (accept.current = true)}>
                <SubmitButton status={status} name="intent" value="accept">
                  Accept offer
                </SubmitButton>
              </span>
            ) : null}
            {phase === 2 ? (
              <span onClickCapture={() => (accept.current = false)}>
                <SubmitButton status={status} className={hasOffer ? "button--outline" : undefined} name="intent" value="details">
                  {hasOffer ? "Send my details" : config.submitText}
                </SubmitButton>
              </span>
            ) : null}
          </div>
        </form>
      </FormProvider>
    </FormIdsContext.Provider>
  );
}
