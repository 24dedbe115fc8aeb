import { paymentReturnRoute, paymentStepRoute } from "@/runtime/payments/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A purpose's page posts (`pay`, `intent`) and a hosted provider's way back (`return`): runtime/payments/routes.ts.
export const POST = paymentStepRoute();
export const GET = paymentReturnRoute();
