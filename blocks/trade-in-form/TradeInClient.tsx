"use client";

import { useRef, useState } from "react";
import { Controller, FormProvider } from "react-hook-form";
import type { FieldError } from "@/runtime/leads/messages";
import { ADJUSTMENT_QUESTIONS_CLIENT, REGO_STATE_OPTIONS, TRADE_IN_GUIDANCE_TEXT } from "./questions";
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
import { LEAD_EVENT_IDS, pushLeadEvent } from "@/blocks/shared/forms/events";
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

const PHASES = ["Your Car", "Condition", "Your Details"] as const;
const VEHICLE_FIELDS = ["rego", "regoState", "Vehicle Make", "Vehicle Model", "Vehicle Year", "kms"];
const money = (n: number) => `$${Math.round(n).toLocaleString("en-AU")}`;

export interface TradeInClientProps extends LeadFormHooks {
  config: FormConfig;
  variant: "trade-in" | "sell-my-car";
  labelledBy?: string;
  carId?: string;
  fetchImpl?: typeof fetch;
}

/**
 * Trade-in / sell-my-car: the car (rego lookup or make, model, year; kilometres), the adjustment
 * questions, an estimate from POST /api/valuation (or the guidance for older or high-kilometre
 * cars), then contact details and acceptance (event 18) or just sending the details.
 */
export function TradeInClient({ config, variant, labelledBy, carId, fetchImpl, ...hooks }: TradeInClientProps) {
  const [phase, setPhase] = useState(0);
  const phaseRef = useRef(0);
  phaseRef.current = phase;
  const [offer, setOffer] = useState<Offer | null>(null);
  const offerRef = useRef<Offer | null>(null);
  offerRef.current = offer;
  const [lookup, setLookup] = useState<string>("");
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

  const lf = useLeadForm<TradeInValues>({
    defaultValues: {
      rego: "",
      regoState: "",
      "Vehicle Make": "",
      "Vehicle Model": "",
      "Vehicle Year": "",
      kms: null,
      location_id: "",
      ...EMPTY_CONTACT,
      message: "",
      company_url: "",
      ...Object.fromEntries(ADJUSTMENT_QUESTIONS_CLIENT.map((q) => [`adj_${q.id}`, ""])),
    } as TradeInValues,
    toLead,
    extra,
    commentsRequired: false,
    successPath: config.successPath,
    stepFields: () => (phaseRef.current === 0 ? VEHICLE_FIELDS : phaseRef.current === 1 ? ADJUSTMENT_QUESTIONS_CLIENT.map((q) => `adj_${q.id}`) : null),
    ...hooks,
    onSuccess: (leadId, lead) => {
      if (lead.offer_accepted === true) pushLeadEvent(LEAD_EVENT_IDS.offerAccepted, { lead_id: leadId, offer_price: Number(lead.offer_price) });
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

  const getEstimate = async (v: TradeInValues) => {
    setBusy(true);
    let result: Offer = { status: "no-estimate", message: "Online estimates are unavailable right now. Send us your details and we'll value your car." };
    try {
      const res = await doFetch("/api/valuation", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          action: "offer",
          make: v["Vehicle Make"].trim(),
          model: v["Vehicle Model"].trim(),
          year: Number(v["Vehicle Year"]),
          kms: v.kms,
          adjustmentAnswers: adjustmentAnswers(v),
        }),
      });
      const data = (await res.json()) as { result?: Offer };
      if (res.ok && data.result) result = data.result;
    } catch {
      // keep the fallback message
    }
    setOffer(result);
    setBusy(false);
    setPhase(2);
    requestAnimationFrame(() => offerHeading.current?.focus());
  };

  const onSubmit = methods.handleSubmit(
    async (v) => {
      if (phaseRef.current === 0) {
        methods.clearErrors();
        setPhase(1);
        return;
      }
      if (phaseRef.current === 1) {
        await getEstimate(v);
        return;
      }
      await lf.send(toLead(v));
    },
    () => lf.invalid({}),
  );

  const back = () => {
    methods.clearErrors();
    if (phase === 2) setOffer(null);
    setPhase((p) => Math.max(0, p - 1));
  };

  const kmsError = errorOf(methods.formState.errors, "kms");
  const hasOffer = offer?.status === "offer";

  return (
    <FormIdsContext.Provider value={lf.idFor}>
      <FormProvider {...methods}>
        <form
          className={formStyles.form}
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
          <ErrorSummary items={lf.summary} focusKey={lf.summaryFocus} />
          {phase === 0 ? (
            <>
              <p className={styles.guidance}>{TRADE_IN_GUIDANCE_TEXT}</p>
              <div className={formStyles.grid}>
                <TextField name="rego" label="Rego" maxLength={9} autoComplete="off" />
                <SelectField name="regoState" label="State of registration" options={REGO_STATE_OPTIONS} placeholder="Select a state" />
                <div className={`${styles.lookup} ${formStyles.full}`}>
                  <button type="button" className="button button--outline" onClick={lookupRego}>
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
                    <p className={styles.guidance}>{offer?.message ?? TRADE_IN_GUIDANCE_TEXT}</p>
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
              <button type="button" className={`button button--outline ${formStyles.back}`} onClick={back} disabled={status === "submitting"}>
                Back
              </button>
            ) : null}
            {phase === 0 ? (
              <SubmitButton ready={lf.ready} status="idle">
                Next
              </SubmitButton>
            ) : null}
            {phase === 1 ? (
              <SubmitButton ready={lf.ready} status={busy ? "submitting" : "idle"}>
                Get my estimate
              </SubmitButton>
            ) : null}
            {phase === 2 && hasOffer ? (
              <span onClickCapture={() => (accept.current = true)}>
                <SubmitButton ready={lf.ready} status={status}>
                  Accept offer
                </SubmitButton>
              </span>
            ) : null}
            {phase === 2 ? (
              <span onClickCapture={() => (accept.current = false)}>
                <SubmitButton ready={lf.ready} status={status} className={hasOffer ? "button--outline" : undefined}>
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
