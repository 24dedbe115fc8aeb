import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { handleWatchlist } from "@/runtime/accounts/watchlist-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "watchlist", stateChanging: true });
  if (refused) return refused;
  return handleWatchlist(request, tenant, "remove");
}
