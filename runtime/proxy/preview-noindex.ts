import type { Gate } from "./gate";

/**
 * A draft's preview (on its preview host) is rendered per request, never from or into the page
 * cache, and never indexed.
 */
export const previewNoindex: Gate = ({ tenant }) =>
  tenant.kind === "site" && tenant.preview ? { kind: "next", headers: { "x-robots-tag": "noindex" } } : null;
