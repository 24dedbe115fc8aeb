import { isInternalPath } from "@/runtime/page-cache/internal-path";
import { isStudioInternalPath } from "@/runtime/studio/access";
import { plainPage } from "@/runtime/render/plain-page";
import { HTML, type Gate } from "./gate";

/**
 * The internal routes (the page cache's /_cached/…, the studio's /_studio/…) are reached only by
 * the proxy's own rewrites: asked for from outside, in any spelling, on any host (known or not),
 * they are 404.
 */
export const internalPaths: Gate = ({ request }) =>
  isInternalPath(request.pathname) || isStudioInternalPath(request.pathname)
    ? {
        kind: "answer",
        status: 404,
        body: plainPage("Page not found", "There is no page at this address."),
        headers: { ...HTML, "cache-control": "no-store" },
      }
    : null;
