import { draftPreview } from "@/runtime/manifest/preview";
import { draftProblemsPage } from "@/runtime/render/preview-page";
import { withPort } from "@/runtime/http/origin";
import { HTML, type Gate } from "./gate";

/**
 * A draft with errors: its preview host answers a page listing them (file, line and column)
 * instead of the site, never indexed, with a link back to the directory.
 */
export const draftProblems: Gate = ({ request, tenant }) => {
  if (tenant.kind !== "unavailable" || !tenant.preview) return null;
  const d = draftPreview(tenant.preview)?.diagnostics;
  // The link back takes the port of the request URL (the port the server was reached on), not the Host's.
  const directory = `${withPort("http://localhost", new URL(request.url).port)}/`;
  return {
    kind: "answer",
    status: 200,
    body: draftProblemsPage(tenant.preview, d?.file ?? tenant.preview, d?.errors ?? [], d?.warnings ?? [], directory),
    headers: { ...HTML, "cache-control": "no-store", "x-robots-tag": "noindex" },
  };
};
