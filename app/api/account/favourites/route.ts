import { apiRoute } from "@/runtime/http/api-route";
import { handleFavourites } from "@/runtime/accounts/api";
import { checkFavouritesChange } from "@/runtime/accounts/favourites";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute({
  name: "account.favourites",
  limit: "account",
  stateChanging: true,
  body: "json",
  check: checkFavouritesChange,
  handle: handleFavourites,
});
