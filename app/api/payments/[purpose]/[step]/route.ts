import { apiRoute } from "@/runtime/http/api-route";
import { handlePaymentReturn, handlePaymentStep, type PaymentParams } from "@/runtime/payments/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A purpose's page posts (`pay`, `intent`: runtime/payments/routes.ts). No rate limit here: a
// purpose counts payment attempts in the steps that pay, so its refusal is its own page's answer.
export const POST = apiRoute<unknown, PaymentParams>({
  name: "payments.step",
  limit: null,
  stateChanging: true,
  body: "fields",
  handle: (ctx) => handlePaymentStep(ctx),
});

// Where a hosted provider sends the browser back: a top-level navigation, nothing taken that the provider has not confirmed.
export const GET = apiRoute<undefined, PaymentParams>({
  name: "payments.return",
  limit: null,
  stateChanging: false,
  handle: (ctx) => handlePaymentReturn(ctx),
});
