import { paymentWebhookRoute } from "@/runtime/payments/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Every provider's webhooks; the raw body reaches the provider's own signature check.
export const POST = paymentWebhookRoute();
