import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleStripeIntent } from "@/runtime/reservations/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleStripeIntent(request, tenant, { db: getDb });
}
