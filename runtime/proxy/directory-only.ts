import { plainPage } from "@/runtime/render/plain-page";
import { localInboxOpen } from "@/runtime/accounts/local-inbox";
import { HTML, type Gate } from "./gate";

const CATALOGUE = /^\/blocks(\/[a-z0-9-]+)?$/;

/**
 * The directory host serves its list of dealers (/), the block catalogue (/blocks, /blocks/{type}),
 * POST /api/revalidate, the uploaded pictures the studio shows (/api/media/…) and, while the local stand-ins keep messages instead of sending them, the local
 * inbox (/inbox); the studio and preview paths were decided before this gate. Any other path there
 * is 404, pointing at the list. A dealer's host never serves the inbox: only this host's pages do.
 */
export const directoryOnly: Gate = ({ request, tenant }) => {
  if (tenant.kind !== "directory") return null;
  const { pathname } = request;
  if (pathname === "/" || CATALOGUE.test(pathname) || pathname.startsWith("/api/revalidate") || pathname.startsWith("/api/media/")) return null;
  if (pathname === "/inbox" && localInboxOpen()) return null;
  return { kind: "answer", status: 404, body: plainPage("Site not found", "Open a dealer site from the list at /."), headers: { ...HTML } };
};
