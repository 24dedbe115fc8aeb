import { apiRoute } from "@/runtime/http/api-route";
import { handleRemoveCar } from "@/runtime/accounts/watchlist-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute({ name: "watchlist.remove", limit: "watchlist", stateChanging: true, body: "json", handle: handleRemoveCar });
