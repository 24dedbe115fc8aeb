import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { handleTradeInValuation } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// The valuation API reads its own body and takes its own `valuation` limit (runtime/leads/valuation.ts).
export const POST = apiRoute({ name: "valuation", limit: null, stateChanging: true, handle: (ctx) => handleTradeInValuation(ctx, { db: getDb }) });
