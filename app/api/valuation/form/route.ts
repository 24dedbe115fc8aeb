import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { handleTradeInForm, type FormFields } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute<FormFields>({
  name: "valuation.form",
  limit: "valuation",
  stateChanging: true,
  body: "form",
  handle: (ctx) => handleTradeInForm(ctx, { db: getDb }),
});
