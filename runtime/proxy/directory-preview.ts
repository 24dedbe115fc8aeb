import { previewOrigin } from "@/runtime/manifest/preview";
import type { Gate } from "./gate";

const PREVIEW_PATH = /^\/preview\/([a-z0-9-]+)(\/.*)?$/;

/**
 * The directory host's /preview/{draft}/{path} opens the draft's preview on its own host
 * ({draft}.preview.localhost, runtime/manifest/preview.ts), on the same port, path and query.
 */
export const directoryPreview: Gate = ({ request, tenant, port }) => {
  const m = tenant.kind === "directory" ? PREVIEW_PATH.exec(request.pathname) : null;
  if (!m) return null;
  return { kind: "redirect", location: `${previewOrigin(m[1], port)}${m[2] ?? "/"}${request.search}`, status: 307 };
};
