import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleOnlinePaymentStripeIntent } from "@/runtime/reservations/online-payment";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleOnlinePaymentStripeIntent(request, tenant, { db: getDb });
}
