import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { handleManufacturerLocations } from "@/runtime/leads/locations";

export const runtime = "nodejs";

export async function GET(request: Request) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "locations", stateChanging: false });
  if (refused) return refused;
  return handleManufacturerLocations(new URL(request.url), tenant);
}
