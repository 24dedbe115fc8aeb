import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { autogaugeRoute } from "@/blocks/vehicle-price-gauge/domain/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/autogauge: the price gauge from market comparables (404 'No data returned' when there is none). */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "autogauge", stateChanging: false });
  if (refused) return refused;
  return autogaugeRoute(tenant, (await params).slug);
}
