import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleTradeInLeadPost } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  // The leads API it hands the lead to keeps its own rate limit.
  const refused = await guardApi(request, tenant, { limit: null, stateChanging: true });
  if (refused) return refused;
  return handleTradeInLeadPost(request, tenant, { db: getDb });
}
