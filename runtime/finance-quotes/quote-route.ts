/**
 * POST /api/youx/quote for one dealer site: the HTTP side of the finance maths (runtime/finance
 * stays pure: no requests, no logging). The route (app/api/youx/quote/route.ts) declares the
 * limit and the body; the boundary answers a body that is not a JSON object (400) or is too large
 * (413) before this runs.
 *
 *  - the site's `youxQuote` flag is off: 404
 *  - otherwise handleQuoteRequest with the manifest's finance settings: 200, 400 with the field
 *    at fault, 404 (no finance settings), 422 / 502 / 504 / 500 per quote.ts.
 */
import "server-only";
import { isEnabled } from "../flags";
import { apiError, json, type ApiContext, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import { handleQuoteRequest, type QuoteProvider } from "../finance/quote";
import { resolveFinanceSettings, type FinanceSettings, type FinanceSettingsSource } from "../finance/settings";

/** The quote body is a handful of short fields; anything this big is not a quote request. */
export const MAX_QUOTE_BODY_BYTES = 16 * 1024;

export interface QuoteRouteOptions {
  /** Injected in tests; otherwise the adapter the site's settings ask for. */
  adapter?: QuoteProvider;
}

export async function quoteRoute(ctx: ApiContext<Record<string, unknown>, Record<string, never>, SiteTenant>, opts: QuoteRouteOptions = {}): Promise<Response> {
  const manifest = ctx.tenant.manifest;
  if (!isEnabled(manifest, "youxQuote")) return apiError(404, "Finance quotes are not available for this site");

  let settings: FinanceSettings | null = null;
  const source = (manifest as { finance?: unknown }).finance as FinanceSettingsSource | undefined;
  if (source) {
    try {
      settings = resolveFinanceSettings(source);
    } catch (e) {
      ctx.log("quote-settings-unusable", { error: e instanceof Error ? e.message : String(e) }, "error");
      return apiError(500, "The quote could not be calculated");
    }
  }
  const result = await handleQuoteRequest(ctx.body, settings, opts.adapter);
  if (result.status >= 500) ctx.log("quote-failed", { status: result.status, message: "message" in result.body ? result.body.message : undefined }, "warn");
  return json(result.status, result.body);
}

/** POST /api/youx/quote, as the route file declares it (tests hand in their own adapter). */
export const quoteRouteSpec = (opts: QuoteRouteOptions = {}): SiteRouteSpec<Record<string, unknown>, Record<string, never>> => ({
  name: "youx.quote",
  limit: "quote",
  stateChanging: true,
  body: "json",
  maxBodyBytes: MAX_QUOTE_BODY_BYTES,
  handle: (ctx) => quoteRoute(ctx, opts),
});
