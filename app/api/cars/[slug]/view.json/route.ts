import { apiRoute } from "@/runtime/http/api-route";
import { visitorId } from "@/runtime/http/client-ip";
import { viewRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/view.json?photos_count=&updated_at=&website_id=: counts a view of this dealer's car and answers { views, car_fields, stale }. */
export const GET = apiRoute<undefined, { slug: string }>({
  name: "cars.view",
  limit: "car-view",
  stateChanging: true,
  handle: ({ tenant, params, request }) => viewRoute(tenant, params.slug, {}, new URL(request.url).searchParams, visitorId(request.headers)),
});
