import { currentRequest } from "@/runtime/request";
import { handleManufacturerLocations } from "@/runtime/leads/locations";

export const runtime = "nodejs";

export async function GET(request: Request) {
  const { tenant } = await currentRequest();
  return handleManufacturerLocations(new URL(request.url), tenant);
}
