import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { getDb } from "@/runtime/db";
import { handleTradeInFormPost } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "valuation", stateChanging: true });
  if (refused) return refused;
  return handleTradeInFormPost(request, tenant, { db: getDb });
}
