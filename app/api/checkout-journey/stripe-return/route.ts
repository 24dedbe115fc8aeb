import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleJourneyStripeReturn } from "@/blocks/checkout-journey/stripe";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const { tenant } = await currentRequest();
  return handleJourneyStripeReturn(request, tenant, { db: getDb });
}
