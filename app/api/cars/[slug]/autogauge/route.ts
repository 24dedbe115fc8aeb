import { apiRoute } from "@/runtime/http/api-route";
import { autogaugeRoute } from "@/blocks/vehicle-price-gauge/domain/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/autogauge: the price gauge from market comparables (404 'No data returned' when there is none). */
export const GET = apiRoute<undefined, { slug: string }>({
  name: "cars.autogauge",
  limit: "autogauge",
  stateChanging: false,
  handle: ({ tenant, params }) => autogaugeRoute(tenant, params.slug),
});
