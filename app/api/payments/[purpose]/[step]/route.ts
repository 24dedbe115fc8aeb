import { apiRoute } from "@/runtime/http/api-route";
import { paymentReturnSpec, paymentStepSpec } from "@/runtime/payments/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A purpose's page posts (`pay`, `intent`: runtime/payments/routes.ts); where a hosted provider
// sends the browser back. Declared in runtime/payments/http.ts, which the tests run too.
export const POST = apiRoute(paymentStepSpec());
export const GET = apiRoute(paymentReturnSpec());
