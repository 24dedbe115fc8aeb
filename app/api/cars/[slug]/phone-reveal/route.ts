import { guardApi } from "@/runtime/http/api-guard";
import { visitorId } from "@/runtime/http/client-ip";
import { currentRequest } from "@/runtime/request";
import { phoneRevealRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";

/** POST /api/cars/{slug}/phone-reveal: records a phone reveal (car_id, dealership_id, website_id). */
export async function POST(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "phone-reveal", stateChanging: true });
  if (refused) return refused;
  return phoneRevealRoute(tenant, (await params).slug, {}, visitorId(request.headers));
}
