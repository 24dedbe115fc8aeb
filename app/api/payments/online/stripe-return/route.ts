import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleOnlinePaymentStripeReturn } from "@/runtime/reservations/online-payment";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const { tenant } = await currentRequest();
  return handleOnlinePaymentStripeReturn(request, tenant, { db: getDb });
}
