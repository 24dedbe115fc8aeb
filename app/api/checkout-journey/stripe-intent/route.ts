import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleJourneyStripeIntent } from "@/blocks/checkout-journey/stripe";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleJourneyStripeIntent(request, tenant, { db: getDb });
}
