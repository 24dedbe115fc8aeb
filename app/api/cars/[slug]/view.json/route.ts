import { currentRequest } from "@/runtime/request";
import { viewRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/view.json: counts a view of this dealer's car and answers { views }. */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant } = await currentRequest();
  return viewRoute(tenant, (await params).slug);
}
