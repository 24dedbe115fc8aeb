import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { tradeInValuationSpec } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(tradeInValuationSpec({ db: getDb }));
