import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { handleTradeInValuation, VALUATION_MAX_BODY_BYTES } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute<Record<string, unknown>>({
  name: "valuation",
  limit: "valuation",
  stateChanging: true,
  body: "json",
  maxBodyBytes: VALUATION_MAX_BODY_BYTES,
  handle: (ctx) => handleTradeInValuation(ctx, { db: getDb }),
});
