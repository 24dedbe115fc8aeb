/**
 * The on-demand TLS "ask" check: before a front proxy (Caddy's `on_demand_tls { ask … }`) asks a
 * certificate authority for a certificate, it asks this route whether the platform serves the
 * domain (GET /api/tls-ask?domain=www.example.com.au). 200 for exactly the hosts and redirect
 * hosts of the dealers in the store (one whose manifest has problems too: its address still
 * answers, with its 503 page); 404 for every other name (the directory, *.localhost, a preview
 * host, a domain nobody listed); 400 when `domain` is missing or not a host name. Without this
 * check anyone pointing a domain at the server could make it request certificates without end.
 *
 * Answered only on a loopback host (the proxy runs beside the server and asks it at
 * 127.0.0.1 or localhost), whether or not the directory is on; on a dealer's host the path is
 * 404 like any unknown API. What it tells is no secret (which domains the platform serves is in
 * DNS), so it has no rate limit: each answer is two map lookups.
 */
import { normaliseHost } from "../tenant";
import { getSiteStore, type SiteStore } from "../manifest/store";
import { apiError, json, type AnyHostRouteSpec } from "./api-route";
import { requestHost } from "./origin";

export const TLS_ASK_PATH = "/api/tls-ask";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a request's host (as it came, port and all) is this machine's loopback name. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  return LOOPBACK_HOSTS.has(normaliseHost(host));
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export type TlsAskAnswer = { status: 200; host: string } | { status: 400 | 404; message: string };

/** Whether the platform serves `domain` (as Caddy passes it: a bare host name), from the store's indexes. */
export function tlsAskAnswer(domain: string | null, store: Pick<SiteStore, "byHost" | "byRedirectHost">): TlsAskAnswer {
  if (!domain) return { status: 400, message: "Give the domain to check: ?domain=www.example.com.au" };
  const host = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!HOST_NAME.test(host)) return { status: 400, message: `'${domain.slice(0, 100)}' is not a host name.` };
  if (store.byHost.has(host) || store.byRedirectHost?.has(host)) return { status: 200, host };
  return { status: 404, message: `The platform serves no site at ${host}.` };
}

/** The route's declaration (app/api/tls-ask/route.ts); `store` is a test seam. */
export function tlsAskRoute(store: () => Pick<SiteStore, "byHost" | "byRedirectHost"> = getSiteStore): AnyHostRouteSpec<undefined, Record<string, never>> {
  return {
    name: "tls.ask",
    limit: null,
    stateChanging: false,
    anyHost: true,
    handle: ({ request }) => {
      if (!isLoopbackHost(requestHost(request.headers))) return apiError(404, "There is no dealer website at this address.");
      const answer = tlsAskAnswer(new URL(request.url).searchParams.get("domain"), store());
      return answer.status === 200 ? json(200, { ok: true, host: answer.host }) : apiError(answer.status, answer.message);
    },
  };
}
