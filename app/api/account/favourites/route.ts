import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { handleFavourites } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "account", stateChanging: true });
  if (refused) return refused;
  return handleFavourites(request, tenant);
}
