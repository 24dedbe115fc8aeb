import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleStripeWebhook } from "@/runtime/reservations/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Stripe signs the raw body: read as text, never parsed before verification.
export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleStripeWebhook(request, tenant, { db: getDb });
}
