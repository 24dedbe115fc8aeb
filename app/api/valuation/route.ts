import { getDb } from "@/runtime/db";
import { tradeInValuationRoute } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = tradeInValuationRoute({ db: getDb });
