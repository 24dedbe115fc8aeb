import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { pdfRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/pdf: the car as an attachment {slug}.pdf, built on the server (blocks/vehicle-sidebar/domain/pdf.ts); 404 for another dealer's car. */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { tenant, origin } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "pdf", stateChanging: false });
  if (refused) return refused;
  return pdfRoute(tenant, (await params).slug, {}, { origin });
}
