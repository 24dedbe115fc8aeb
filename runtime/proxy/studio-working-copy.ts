import { DEALER_CSP_HEADER } from "@/runtime/http/security-headers.mjs";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { servedImageOrigins } from "@/runtime/inventory/stock-version";
import { withPort } from "@/runtime/http/origin";
import type { Gate } from "./gate";

/**
 * The studio's working copy of a dealer (the draft studio-{dealer}) is previewed inside the
 * studio's frame: rendered per request (never from or into the page cache), never indexed, with
 * the dealer's CSP sources and the directory host on this port as the one allowed frame ancestor.
 */
export const studioWorkingCopy: Gate = ({ tenant, port }) => {
  if (tenant.kind !== "site" || !tenant.preview?.startsWith("studio-")) return null;
  const sources = { ...dealerCspSources(tenant.manifest, process.env, servedImageOrigins()), ancestors: [withPort("http://localhost", port)] };
  return { kind: "next", headers: { "x-robots-tag": "noindex", [DEALER_CSP_HEADER]: JSON.stringify(sources) } };
};
