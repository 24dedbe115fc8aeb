import { currentRequest } from "@/runtime/request";
import { phoneRevealRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";

/** POST /api/cars/{slug}/phone-reveal: records a phone reveal (car_id, dealership_id, website_id). */
export async function POST(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant } = await currentRequest();
  return phoneRevealRoute(tenant, (await params).slug);
}
