import { currentRequest } from "@/runtime/request";
import { pdfRoute } from "@/runtime/vehicle-page/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/pdf: the car as {slug}.pdf (501 until a PDF library is installed; see runtime/vehicle-page/routes.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant } = await currentRequest();
  return pdfRoute(tenant, (await params).slug);
}
