import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleJourneyPost } from "@/blocks/checkout-journey/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleJourneyPost(request, tenant, { db: getDb });
}
