import { guardApi } from "@/runtime/http/api-guard";
import { visitorId } from "@/runtime/http/client-ip";
import { currentRequest } from "@/runtime/request";
import { viewRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/view.json?photos_count=&updated_at=&website_id=: counts a view of this dealer's car and answers { views, car_fields, stale }. */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "car-view", stateChanging: true });
  if (refused) return refused;
  return viewRoute(tenant, (await params).slug, {}, new URL(request.url).searchParams, visitorId(request.headers));
}
