import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleStripeReturn } from "@/runtime/reservations/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const { tenant } = await currentRequest();
  return handleStripeReturn(request, tenant, { db: getDb });
}
