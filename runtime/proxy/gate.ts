/**
 * The proxy (proxy.ts) as an ordered list of small gates, the way Express middleware or Envoy's
 * filter chain work: each gate looks at the request and its tenant and either decides (answers,
 * redirects, rewrites, or lets the request through with headers) or returns null to pass it on
 * to the next gate. The list and its order are in gates.ts; run.ts runs it.
 *
 * A gate returns a plain decision object, never a NextResponse: a decision can be compared with
 * `toEqual` in a unit test without Next's request machinery, and only run.ts knows how Next
 * spells each one (x-middleware-rewrite, x-middleware-next, ...).
 */
import type { Tenant } from "@/runtime/tenant";

/** What a gate may read of the request (a NextRequest provides all of it). */
export interface GateRequest {
  method: string;
  /** The path as it came, still percent-encoded. */
  pathname: string;
  /** The query string with its "?", or "". */
  search: string;
  /** The full request URL (the base a rewrite's target resolves against). */
  url: string;
  headers: Headers;
}

export interface GateContext {
  request: GateRequest;
  /** The host the client asked for as it came (X-Forwarded-Host, else Host), or null. */
  host: string | null;
  /** That host's port (runtime/http/origin.ts `hostPort`), "" when it names none. */
  port: string;
  tenant: Tenant;
}

/** Response headers, by name. */
export type HeaderMap = Record<string, string>;

export type Decision =
  /** Answer here with this page: nothing behind the proxy runs. */
  | { kind: "answer"; status: number; body: string; headers: HeaderMap }
  /** Send the browser to another address. */
  | { kind: "redirect"; location: string; status: 307 | 308 }
  /** Serve this internal path (with its query) instead of the one asked for. */
  | { kind: "rewrite"; target: string; headers: HeaderMap }
  /** Let the request through to its page or route, with these response headers if any. */
  | { kind: "next"; headers?: HeaderMap };

/** A decision, or null to pass the request on to the next gate. */
export type Gate = (context: GateContext) => Decision | null;

/** The content type of every page the proxy answers itself. */
export const HTML = { "content-type": "text/html; charset=utf-8" } as const;
