import { studioPreviewPath } from "@/runtime/studio/preview-access";
import { requestOrigin } from "@/runtime/http/origin";
import type { Gate } from "./gate";

const PREVIEW_PATH = /^\/preview\/([a-z0-9-]+)(\/.*)?$/;

/**
 * The directory host's /preview/{draft}/{path} opens the draft's preview on its own host
 * ({draft}.preview.localhost, runtime/manifest/preview.ts) through the studio, which lets in only
 * an editor of the draft (runtime/studio/preview-access.ts), on the same path and query.
 */
export const directoryPreview: Gate = ({ request, tenant }) => {
  const m = tenant.kind === "directory" ? PREVIEW_PATH.exec(request.pathname) : null;
  if (!m) return null;
  return { kind: "redirect", location: `${requestOrigin(request.headers, request.url)}${studioPreviewPath(m[1])}${m[2] ?? "/"}${request.search}`, status: 307 };
};
