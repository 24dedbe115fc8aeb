import { apiRoute } from "@/runtime/http/api-route";
import { visitorId } from "@/runtime/http/client-ip";
import { phoneRevealRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";

/** POST /api/cars/{slug}/phone-reveal: records a phone reveal (car_id, dealership_id, website_id). */
export const POST = apiRoute<undefined, { slug: string }>({
  name: "cars.phone-reveal",
  limit: "phone-reveal",
  stateChanging: true,
  handle: ({ tenant, params, request }) => phoneRevealRoute(tenant, params.slug, {}, visitorId(request.headers)),
});
