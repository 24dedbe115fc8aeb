"use client";

import { useRef, useState, type RefObject } from "react";
import { FormProvider, type UseFormReturn } from "react-hook-form";
import { tradeInGuidance } from "@/runtime/leads/messages";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { dealershipRequired, locationLeadFields } from "@/blocks/shared/forms/DealershipPicker";
import { ErrorSummary } from "@/blocks/shared/forms/ErrorSummary";
import { FormError, FormIdsContext, SubmitButton, type SubmitStatus } from "@/blocks/shared/forms/Fields";
import { StepProgress } from "@/blocks/shared/forms/StepProgress";
import { trackEvent } from "@/runtime/analytics";
import { compact, useLeadForm, type LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";
import formStyles from "@/blocks/shared/forms/forms.module.css";
import {
  initialValues,
  normalRego,
  PHASES,
  STEPS,
  stepFields,
  tradeInLead,
  vehicleErrors,
  type Offer,
  type Phase,
  type TradeInInitial,
  type TradeInValues,
} from "./domain/state";
import { lookUpRego } from "./domain/api";
import { useValuation } from "./useValuation";
import { AdjustmentsStep } from "./steps/AdjustmentsStep";
import { ContactStep } from "./steps/ContactStep";
import { LookupStep } from "./steps/LookupStep";
import { OfferPanel } from "./steps/OfferPanel";
import type { FieldError } from "@/runtime/field-error";

export type { TradeInInitial, TradeInValues, ValuationView } from "./domain/state";

export interface TradeInClientProps extends LeadFormHooks {
  config: FormConfig;
  variant: "trade-in" | "sell-my-car";
  labelledBy?: string;
  carId?: string;
  fetchImpl?: typeof fetch;
  initial?: TradeInInitial;
}

/** After a lead is sent: the offerAccepted event when it accepted the offer, then the page's own callback. */
function trackOfferAccepted(offerRef: RefObject<Offer | null>, onSuccess: LeadFormHooks["onSuccess"]): NonNullable<LeadFormHooks["onSuccess"]> {
  return (leadId, lead) => {
    const o = offerRef.current;
    if (lead.offer_accepted === true && o?.status === "offer") trackEvent("offerAccepted", { lead_id: leadId, offer_price: o.offer_price });
    onSuccess?.(leadId, lead);
  };
}

/** The rego lookup: what it says, and the lookup, which fills in the car it finds. */
function useRegoLookup(methods: UseFormReturn<TradeInValues>, doFetch: typeof fetch, initialMessage: string) {
  const [message, setMessage] = useState(initialMessage);
  const lookUp = async () => {
    const rego = normalRego(methods.getValues("rego"));
    const regoState = methods.getValues("regoState");
    if (!rego || !regoState) {
      setMessage("Enter the rego and choose the state to look up your car.");
      return;
    }
    setMessage("Looking up your rego…");
    const found = await lookUpRego(doFetch, rego, regoState);
    if (found.vehicle) {
      methods.setValue("Vehicle Make", found.vehicle.make);
      methods.setValue("Vehicle Model", found.vehicle.model);
      methods.setValue("Vehicle Year", String(found.vehicle.year));
    }
    setMessage(found.message);
  };
  return { message, lookUp };
}

/** Back, then Next, Get my estimate, or (with the offer) Accept offer and Send my details. */
function TradeInActions(p: {
  phase: Phase;
  back: string;
  onBack: () => void;
  busy: boolean;
  status: SubmitStatus;
  hasOffer: boolean;
  submitText: string;
  /** Which of the last step's buttons sent the form: accepting the offer or only the details. */
  setAccept: (accept: boolean) => void;
}) {
  const { phase, status, hasOffer } = p;
  return (
    <div className={formStyles.stepActions}>
      {phase > 0 ? (
        // A link before JavaScript (the form again from the start), a step back after.
        <a
          href={p.back}
          className={`button button--outline ${formStyles.back}`}
          onClick={(e) => {
            e.preventDefault();
            if (status !== "submitting") p.onBack();
          }}
        >
          Back
        </a>
      ) : null}
      {/* Enabled before hydration: a press then is a plain post to /api/valuation/form. */}
      {phase === 0 ? <SubmitButton status={p.busy ? "submitting" : "idle"}>Next</SubmitButton> : null}
      {phase === 1 ? <SubmitButton status={p.busy ? "submitting" : "idle"}>Get my estimate</SubmitButton> : null}
      {phase === 2 && hasOffer ? (
        <span onClickCapture={() => p.setAccept(true)}>
          <SubmitButton status={status} name="intent" value="accept">
            Accept offer
          </SubmitButton>
        </span>
      ) : null}
      {phase === 2 ? (
        <span onClickCapture={() => p.setAccept(false)}>
          <SubmitButton status={status} className={hasOffer ? "button--outline" : undefined} name="intent" value="details">
            {hasOffer ? "Send my details" : p.submitText}
          </SubmitButton>
        </span>
      ) : null}
    </div>
  );
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
  const doFetch = fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const valuation = useValuation(initial, doFetch);
  const { phase, phaseRef, valuationId, offer, offerRef, busy } = valuation;
  const serverErrors = initial?.state?.errors ?? [];
  const accept = useRef(false);
  const options = config.locations;
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
    onSuccess: trackOfferAccepted(offerRef, hooks.onSuccess),
  });
  const { methods, status } = lf;
  const rego = useRegoLookup(methods, doFetch, initial?.state?.lookup?.message ?? "");

  const onSubmit = methods.handleSubmit(
    async (v) => {
      if (phaseRef.current === 0) return valuation.startValuation(v, methods, () => lf.invalid({}));
      if (phaseRef.current === 1) return valuation.getEstimate(v);
      await lf.send(
        valuationId ? { ...toLead(v), valuation_id: valuationId, offer_accepted: accept.current && offerRef.current?.status === "offer" } : toLead(v),
      );
    },
    () => lf.invalid({}),
  );

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
          <StepProgress titles={PHASES} current={phase} />
          {/* What a plain post (before JavaScript) needs to carry on: the step, the stored valuation, where to come back to and go on to. */}
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
          {phase === 0 ? <LookupStep guidance={guidance} lookupMessage={rego.message} onLookup={() => void rego.lookUp()} /> : null}
          {phase === 1 ? <AdjustmentsStep /> : null}
          {phase === 2 ? (
            <>
              <OfferPanel ref={valuation.offerHeading} offer={offer} guidance={guidance} />
              <ContactStep config={config} />
            </>
          ) : null}
          <FormError id={lf.idFor("form-error")} message={lf.formError} />
          <TradeInActions
            phase={phase}
            back={initial?.back ?? "/"}
            onBack={() => valuation.back(methods)}
            busy={busy}
            status={status}
            hasOffer={offer?.status === "offer"}
            submitText={config.submitText}
            setAccept={(a) => (accept.current = a)}
          />
        </form>
      </FormProvider>
    </FormIdsContext.Provider>
  );
}
