/**
 * POST /api/youx/quote for one tenant, as a plain Request -> Response function so it can be
 * tested with a fake tenant (app/api/youx/quote/route.ts only resolves the tenant and calls it).
 *
 *  - not a dealer site, or the site's `youxQuote` flag is off: 404
 *  - body not JSON (or too large): 400 { message, field: null }
 *  - otherwise handleQuoteRequest with the manifest's finance settings: 200, 400 with the field
 *    at fault, 404 (no finance settings), 422 / 502 / 504 / 500 per quote.ts.
 */
import type { Tenant } from "../tenant";
import { isEnabled } from "../flags";
import { handleQuoteRequest, type QuoteProvider } from "./quote";
import { resolveFinanceSettings, type FinanceSettings, type FinanceSettingsSource } from "./settings";

/** The quote body is a handful of short fields; anything this big is not a quote request. */
export const MAX_QUOTE_BODY_BYTES = 16 * 1024;

const HEADERS = { "cache-control": "no-store" } as const;

function json(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: HEADERS });
}

export interface QuoteRouteOptions {
  /** Injected in tests; otherwise the adapter the site's settings ask for. */
  adapter?: QuoteProvider;
}

export async function quoteRoute(request: Request, tenant: Tenant, opts: QuoteRouteOptions = {}): Promise<Response> {
  if (tenant.kind !== "site") return json({ message: "Site not found" }, 404);
  const manifest = tenant.manifest;
  if (!isEnabled(manifest, "youxQuote")) return json({ message: "Finance quotes are not available for this site" }, 404);

  let raw: string;
  try {
    raw = await request.text();
  } catch {
    return json({ message: "The request body could not be read", field: null }, 400);
  }
  if (new TextEncoder().encode(raw).length > MAX_QUOTE_BODY_BYTES) return json({ message: "The request body is too large", field: null }, 400);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return json({ message: "The request body must be JSON", field: null }, 400);
  }

  let settings: FinanceSettings | null = null;
  const source = (manifest as { finance?: unknown }).finance as FinanceSettingsSource | undefined;
  if (source) {
    try {
      settings = resolveFinanceSettings(source);
    } catch (e) {
      console.error(`[quote] site=${tenant.slug} finance settings unusable: ${e instanceof Error ? e.message : String(e)}`);
      return json({ message: "The quote could not be calculated" }, 500);
    }
  }
  const result = await handleQuoteRequest(body, settings, opts.adapter);
  if (result.status >= 500) console.warn(`[quote] site=${tenant.slug} status=${result.status} ${"message" in result.body ? result.body.message : ""}`);
  return json(result.body, result.status);
}
