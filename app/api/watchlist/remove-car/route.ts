import { currentRequest } from "@/runtime/request";
import { handleWatchlist } from "@/runtime/accounts/watchlist-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleWatchlist(request, tenant, "remove");
}
