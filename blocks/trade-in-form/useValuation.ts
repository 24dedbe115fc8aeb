"use client";

import { useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { postValuation } from "./domain/api";
import {
  adjustmentAnswers,
  afterVehicle,
  initialPhase,
  phaseBefore,
  UNAVAILABLE,
  vehicleRequest,
  type Offer,
  type Phase,
  type TradeInInitial,
  type TradeInValues,
} from "./domain/state";

/**
 * The valuation's progress: the phase, the valuation the server keeps, its offer, and the steps
 * between them (the car, then the adjustments, then the offer; back again). The refs carry the
 * latest phase and offer to callbacks the form creates once.
 */
export function useValuation(initial: TradeInInitial | undefined, doFetch: typeof fetch) {
  const [phase, setPhase] = useState<Phase>(() => initialPhase(initial));
  const phaseRef = useRef<Phase>(0);
  phaseRef.current = phase;
  const [valuationId, setValuationId] = useState<string | null>(initial?.valuation?.id ?? null);
  const [offer, setOffer] = useState<Offer | null>(initial?.valuation?.result ?? null);
  const offerRef = useRef<Offer | null>(null);
  offerRef.current = offer;
  const [busy, setBusy] = useState(false);
  const offerHeading = useRef<HTMLDivElement>(null);

  const showOffer = (result: Offer | null) => {
    setOffer(result ?? UNAVAILABLE);
    setPhase(2);
    requestAnimationFrame(() => offerHeading.current?.focus());
  };

  /** Step 1 done: the server keeps the car; an old or high-kilometre car gets its answer at once. */
  const startValuation = async (v: TradeInValues, methods: UseFormReturn<TradeInValues>, refused: () => void) => {
    setBusy(true);
    const out = await postValuation(doFetch, vehicleRequest(v));
    setBusy(false);
    const next = afterVehicle(out);
    if (!next) {
      for (const e of out.errors) methods.setError(e.field as never, { type: "server", message: e.message });
      refused();
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
    const out = valuationId ? await postValuation(doFetch, { action: "adjustments", id: valuationId, adjustmentAnswers: adjustmentAnswers(v) }) : null;
    setBusy(false);
    showOffer(out?.valuation?.result ?? null);
  };

  const back = (methods: UseFormReturn<TradeInValues>) => {
    methods.clearErrors();
    setPhase(phaseBefore(phase, valuationId, offer));
    setOffer(null);
  };

  return { phase, phaseRef, valuationId, offer, offerRef, busy, offerHeading, startValuation, getEstimate, back };
}
