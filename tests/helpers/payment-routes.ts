import { apiRoute } from "@/runtime/http/api-route";
import type { Limiters } from "@/runtime/http/rate-limit";
import { handlePaymentReturn, handlePaymentStep, handlePaymentWebhook, type PaymentParams, type PaymentRouteDeps } from "@/runtime/payments/http";
import type { Tenant } from "@/runtime/tenant";

/** The tenant and limiters a test hands the API boundary. */
export interface RouteSeams {
  resolve?: (host: string) => Tenant;
  limiters?: () => Limiters;
}

// The payment routes as app/api/payments declares them, with a test's dependencies and seams.
export const paymentStepRoute = (deps: PaymentRouteDeps & RouteSeams = {}) =>
  apiRoute<unknown, PaymentParams>({
    name: "payments.step",
    limit: null,
    stateChanging: true,
    body: "fields",
    resolve: deps.resolve,
    limiters: deps.limiters,
    handle: (ctx) => handlePaymentStep(ctx, deps),
  });

export const paymentReturnRoute = (deps: PaymentRouteDeps & RouteSeams = {}) =>
  apiRoute<undefined, PaymentParams>({
    name: "payments.return",
    limit: null,
    stateChanging: false,
    resolve: deps.resolve,
    limiters: deps.limiters,
    handle: (ctx) => handlePaymentReturn(ctx, deps),
  });

export const paymentWebhookRoute = (deps: PaymentRouteDeps & RouteSeams = {}) =>
  apiRoute<string>({
    name: "payments.webhook",
    limit: null,
    stateChanging: false,
    body: "text",
    maxBodyBytes: 512 * 1024,
    resolve: deps.resolve,
    limiters: deps.limiters,
    handle: (ctx) => handlePaymentWebhook(ctx, deps),
  });
