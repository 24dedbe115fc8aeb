import { getDb } from "@/runtime/db";
import { tradeInLeadRoute } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = tradeInLeadRoute({ db: getDb });
