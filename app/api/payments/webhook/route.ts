import { apiRoute } from "@/runtime/http/api-route";
import { paymentWebhookSpec } from "@/runtime/payments/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Every provider's webhooks (declared in runtime/payments/http.ts, which the tests run too).
export const POST = apiRoute(paymentWebhookSpec());
