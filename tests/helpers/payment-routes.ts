import { apiRoute } from "@/runtime/http/api-route";
import type { Limiters } from "@/runtime/http/rate-limit";
import { paymentReturnSpec, paymentStepSpec, paymentWebhookSpec, type PaymentRouteDeps } from "@/runtime/payments/http";
import type { Tenant } from "@/runtime/tenant";

/** The tenant and limiters a test hands the API boundary. */
export interface RouteSeams {
  resolve?: (host: string) => Tenant;
  limiters?: () => Limiters;
}

const seams = ({ resolve, limiters }: RouteSeams) => ({ resolve, limiters });

// The payment routes as app/api/payments declares them, with a test's dependencies and seams.
export const paymentStepRoute = (deps: PaymentRouteDeps & RouteSeams = {}) => apiRoute({ ...paymentStepSpec(deps), ...seams(deps) });
export const paymentReturnRoute = (deps: PaymentRouteDeps & RouteSeams = {}) => apiRoute({ ...paymentReturnSpec(deps), ...seams(deps) });
export const paymentWebhookRoute = (deps: PaymentRouteDeps & RouteSeams = {}) => apiRoute({ ...paymentWebhookSpec(deps), ...seams(deps) });
