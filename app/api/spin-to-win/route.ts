import { apiRoute } from "@/runtime/http/api-route";
import { getDb } from "@/runtime/db";
import { spinRouteSpec } from "@/blocks/spin-to-win/server";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/spin-to-win: a signed-in shopper's one spin of the campaign's period (a form post). */
export const POST = apiRoute(spinRouteSpec({ db: getDb }));
