import { apiRoute } from "@/runtime/http/api-route";
import { handlePaymentWebhook } from "@/runtime/payments/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Every provider's webhooks, sent by its servers and authenticated by its signature (never by an
// origin or a rate limit): the raw body reaches the provider's own signature check.
export const POST = apiRoute<string>({
  name: "payments.webhook",
  limit: null,
  stateChanging: false,
  body: "text",
  maxBodyBytes: 512 * 1024,
  handle: (ctx) => handlePaymentWebhook(ctx),
});
