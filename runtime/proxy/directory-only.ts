import { plainPage } from "@/runtime/render/plain-page";
import { HTML, type Gate } from "./gate";

const CATALOGUE = /^\/blocks(\/[a-z0-9-]+)?$/;

/**
 * The directory host serves its list of dealers (/), the block catalogue (/blocks, /blocks/{type})
 * and POST /api/revalidate (the studio and preview paths were decided before this gate); any other
 * path there is 404, pointing at the list.
 */
export const directoryOnly: Gate = ({ request, tenant }) => {
  if (tenant.kind !== "directory") return null;
  const { pathname } = request;
  if (pathname === "/" || CATALOGUE.test(pathname) || pathname.startsWith("/api/revalidate")) return null;
  return { kind: "answer", status: 404, body: plainPage("Site not found", "Open a dealer site from the list at /."), headers: { ...HTML } };
};
