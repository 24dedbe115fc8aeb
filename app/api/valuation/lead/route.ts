import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { handleTradeInLead } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A trade-in lead is a lead: the lead pipeline's own limit.
export const POST = apiRoute<Record<string, unknown>>({
  name: "valuation.lead",
  limit: "leads",
  stateChanging: true,
  body: "json",
  handle: (ctx) => handleTradeInLead(ctx, { db: getDb }),
});
