import { apiRoute } from "@/runtime/http/api-route";
import { handleSaveCar } from "@/runtime/accounts/watchlist-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute({ name: "watchlist.save", limit: "watchlist", stateChanging: true, body: "json", handle: handleSaveCar });
