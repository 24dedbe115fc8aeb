import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { handleRevalidate } from "@/runtime/page-cache/revalidate";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  // Called by the feed importer and publishing tools (a bearer secret), on any host.
  const refused = await guardApi(request, tenant, { limit: "revalidate", stateChanging: true, anyHost: true });
  if (refused) return refused;
  return handleRevalidate(request);
}
