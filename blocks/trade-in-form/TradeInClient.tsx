"use client";

import { useRef, useState } from "react";
import { FormProvider } from "react-hook-form";
import type { FieldError } from "@/runtime/leads/messages";
import { tradeInGuidance } from "@/runtime/leads/messages";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { dealershipRequired, locationLeadFields } from "@/blocks/shared/forms/DealershipPicker";
import { ErrorSummary } from "@/blocks/shared/forms/ErrorSummary";
import { FormError, FormIdsContext, SubmitButton } from "@/blocks/shared/forms/Fields";
import { trackEvent } from "@/runtime/analytics";
import { compact, useLeadForm, type LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";
import formStyles from "@/blocks/shared/forms/forms.module.css";
import {
  adjustmentAnswers,
  afterVehicle,
  initialPhase,
  initialValues,
  lookupMessage,
  normalRego,
  PHASES,
  phaseBefore,
  STEPS,
  stepFields,
  tradeInLead,
  UNAVAILABLE,
  vehicleErrors,
  vehicleRequest,
  type Offer,
  type Phase,
  type TradeInInitial,
  type TradeInValues,
  type ValuationView,
} from "./domain/state";
import { AdjustmentsStep } from "./steps/AdjustmentsStep";
import { ContactStep } from "./steps/ContactStep";
import { LookupStep } from "./steps/LookupStep";
import { OfferPanel } from "./steps/OfferPanel";

export type { TradeInInitial, TradeInValues, ValuationView } from "./domain/state";

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
 * details and acceptance (the offerAccepted event) or just sending them (POST /api/valuation/lead,
 * which puts the server's offer into the lead). Before JavaScript the same form posts to
 * /api/valuation/form, which comes back to this page at the next step (`initial`).
 */
export function TradeInClient({ config, variant, labelledBy, carId, fetchImpl, initial, ...hooks }: TradeInClientProps) {
  const [phase, setPhase] = useState<Phase>(() => initialPhase(initial));
  const phaseRef = useRef<Phase>(0);
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
  const guidance = tradeInGuidance(config.tradeIn);

  const toLead = (v: TradeInValues) =>
    compact(tradeInLead(v, { variant, offer: offerRef.current, accepted: accept.current, location: locationLeadFields(v.location_id, options), carId }));

  const extra = (v: TradeInValues): FieldError[] => {
    if (phaseRef.current === 0) return vehicleErrors(v);
    if (phaseRef.current === 2) return dealershipRequired(v.location_id, options);
    return [];
  };

  const lf = useLeadForm<TradeInValues>({
    defaultValues: initialValues(initial),
    toLead,
    extra,
    commentsRequired: false,
    successPath: config.successPath,
    stepFields: () => stepFields(phaseRef.current),
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
    const rego = normalRego(methods.getValues("rego"));
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
      }
      setLookup(lookupMessage({ ok: res.ok, ...data }));
    } catch {
      setLookup(lookupMessage("unavailable"));
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
    const out = await valuationCall(vehicleRequest(v));
    setBusy(false);
    const next = afterVehicle(out);
    if (!next) {
      for (const e of out.errors) methods.setError(e.field as never, { type: "server", message: e.message });
      lf.invalid({});
      return;
    }
    methods.clearErrors();
    setValuationId(out.valuation?.id ?? null);
    if (next.phase === 2) return showOffer(next.offer);
    setPhase(next.phase);
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
    setPhase(phaseBefore(phase, valuationId, offer));
    setOffer(null);
  };

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
          {phase === 0 ? <LookupStep guidance={guidance} lookupMessage={lookup} onLookup={() => void lookupRego()} /> : null}
          {phase === 1 ? <AdjustmentsStep /> : null}
          {phase === 2 ? (
            <>
              <OfferPanel ref={offerHeading} offer={offer} guidance={guidance} />
              <ContactStep config={config} />
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
