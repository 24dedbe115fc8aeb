import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { handleValuationPost } from "@/runtime/leads/valuation";

export const runtime = "nodejs";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: null, stateChanging: true });
  if (refused) return refused;
  return handleValuationPost(request, tenant);
}
