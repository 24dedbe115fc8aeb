import { requestProto, withPort } from "@/runtime/http/origin";
import { plainPage } from "@/runtime/render/plain-page";
import { HTML, type Decision, type Gate } from "./gate";

/** A host name as a redirect may name it: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A dealer's redirect host (the manifest's `redirectHosts`, such as the bare domain beside
 * www.) answers every request with a permanent redirect (308: the method and body are kept) to
 * the dealer's first host, with the same path and query, on the same scheme and port the request
 * came in on. The target is only ever a host name from a validated manifest; anything else (a
 * name with a port, a path or credentials in it) is not redirected to, and the request is 404.
 * Runs right after the internal paths' 404, before any gate that needs a dealer's site.
 */
export const redirectHost: Gate = ({ request, tenant, port }): Decision | null => {
  if (tenant.kind !== "redirect") return null;
  if (!HOST_NAME.test(tenant.to))
    return {
      kind: "answer",
      status: 404,
      body: plainPage("Site not found", "There is no dealer website at this address."),
      headers: { ...HTML, "cache-control": "no-store" },
    };
  // The path as it came (still percent-encoded) always starts with "/", so it cannot change the target's host.
  const path = request.pathname.startsWith("/") ? request.pathname : `/${request.pathname}`;
  const origin = withPort(`${requestProto(request.headers, request.url)}://${tenant.to}`, port);
  return { kind: "redirect", location: `${origin}${path}${request.search}`, status: 308 };
};
