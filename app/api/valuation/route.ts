import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleTradeInValuationPost } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: null, stateChanging: true });
  if (refused) return refused;
  return handleTradeInValuationPost(request, tenant, { db: getDb });
}
