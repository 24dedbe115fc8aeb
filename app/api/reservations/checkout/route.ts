import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleCheckoutPost } from "@/runtime/reservations/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleCheckoutPost(request, tenant, { db: getDb });
}
