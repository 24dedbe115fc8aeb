import { apiRoute } from "@/runtime/http/api-route";
import { pdfRoute } from "@/blocks/vehicle-sidebar/domain/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/cars/{slug}/pdf: the car as an attachment {slug}.pdf, built on the server (blocks/vehicle-sidebar/domain/pdf.ts); 404 for another dealer's car. */
export const GET = apiRoute<undefined, { slug: string }>({
  name: "cars.pdf",
  limit: "pdf",
  stateChanging: false,
  handle: ({ tenant, params, origin }) => pdfRoute(tenant, params.slug, {}, { origin }),
});
