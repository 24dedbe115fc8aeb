import { DEALER_CSP_HEADER } from "@/runtime/http/security-headers.mjs";
import { withPort } from "@/runtime/http/origin";
import { studioAllowed, studioSignInPage, studioTarget } from "@/runtime/studio/access";
import { HTML, type Decision, type Gate } from "./gate";

/**
 * The studio, on the directory host only (on a dealer's host /studio is the dealer's own path):
 * without the secret (runtime/studio/access.ts) every studio path but the sign-in form answers the
 * sign-in page (401); with it, the public path is rewritten to the internal route, never indexed
 * or cached, and its CSP may frame the working copies' preview hosts on this port.
 */
export const studio: Gate = ({ request, tenant, port }): Decision | null => {
  const target = tenant.kind === "directory" ? studioTarget(request.pathname) : null;
  if (!target) return null;
  if (target !== "/_studio/sign-in" && !studioAllowed(request.headers)) {
    return { kind: "answer", status: 401, body: studioSignInPage(), headers: { ...HTML, "cache-control": "no-store" } };
  }
  const sources = { frame: [withPort("http://*.preview.localhost", port)] };
  return {
    kind: "rewrite",
    target: target + request.search,
    headers: { [DEALER_CSP_HEADER]: JSON.stringify(sources), "x-robots-tag": "noindex", "cache-control": "no-store" },
  };
};
