import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { tradeInFormSpec } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(tradeInFormSpec({ db: getDb }));
