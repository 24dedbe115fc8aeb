import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { quoteRoute } from "@/runtime/finance/quote-route";

/** POST /api/youx/quote: the host picks the dealer; the logic (and its tests) live in runtime/finance/quote-route.ts. */
export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "quote", stateChanging: true });
  if (refused) return refused;
  return quoteRoute(request, tenant);
}
