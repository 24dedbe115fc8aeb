import { getDb } from "@/runtime/db";
import { tradeInFormRoute } from "@/runtime/leads/trade-in-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = tradeInFormRoute({ db: getDb });
