import { DEALER_CSP_HEADER } from "@/runtime/http/security-headers.mjs";
import { withPort } from "@/runtime/http/origin";
import { studioMayPass, studioMode, studioSignInPage, studioTarget } from "@/runtime/studio/access";
import { HTML, type Decision, type Gate } from "./gate";

/**
 * The studio, on the directory host only (on a dealer's host /studio is the dealer's own path):
 * without a studio session cookie (runtime/studio/access.ts) every studio path but the sign-in
 * form answers the sign-in page (401); with one, the public path is rewritten to the internal
 * route, where the session is looked up, never indexed or cached, and its CSP may frame the
 * working copies' preview hosts on this port.
 */
export const studio: Gate = ({ request, tenant, port }): Decision | null => {
  const target = tenant.kind === "directory" ? studioTarget(request.pathname) : null;
  if (!target) return null;
  const mode = studioMode();
  if (target !== "/_studio/sign-in" && !studioMayPass(request.headers, mode)) {
    const body = studioSignInPage(mode.kind === "closed" ? mode.reason : undefined, mode);
    return { kind: "answer", status: 401, body, headers: { ...HTML, "cache-control": "no-store" } };
  }
  const sources = { frame: [withPort("http://*.preview.localhost", port)] };
  return {
    kind: "rewrite",
    target: target + request.search,
    headers: { [DEALER_CSP_HEADER]: JSON.stringify(sources), "x-robots-tag": "noindex", "cache-control": "no-store" },
  };
};
