import "server-only";
import { getDb } from "../db";
import { isAvailable } from "../cars/availability";
import { json, type ApiContext, type SiteTenant } from "../http/api-route";
import { carById } from "../inventory/cars";
import { normaliseMobile } from "./recipient";
import { SESSION_COOKIE, sessionUser } from "./sessions";
import { isSaved, removeCar, saveCar } from "./watchlist";

const answer = (success: boolean, message?: string, status = 200) => json(status, message ? { success, message } : { success });

type WatchlistContext = ApiContext<Record<string, unknown>, Record<string, never>, SiteTenant>;

/**
 * POST /api/watchlist/{save-car,remove-car}: {phone_number, car_id} of the signed-in shopper; the
 * watchlist is for a shopper whose profile has a mobile number, and the call must carry that number.
 */
export async function handleWatchlist(ctx: WatchlistContext, action: "save" | "remove"): Promise<Response> {
  const { tenant, body } = ctx;
  const dealer = tenant.manifest.slug;
  const db = await getDb();
  const user = await sessionUser(db, dealer, ctx.cookie(SESSION_COOKIE));
  if (!user) return answer(false, "Please sign in to use your watchlist.", 401);
  const phone = typeof body.phone_number === "string" ? normaliseMobile(body.phone_number) : null;
  if (!user.phone || phone !== user.phone) return answer(false, "Please add your mobile number to use your watchlist.", 403);
  const carId = typeof body.car_id === "number" || typeof body.car_id === "string" ? String(body.car_id) : "";
  if (!/^\d{1,12}$/.test(carId)) return answer(false, "The car was not found.", 400);
  if (action === "remove") {
    await removeCar(db, user, carId);
    return answer(true);
  }
  const car = await carById(tenant.manifest, Number(carId));
  if (!car) return answer(false, "The car was not found.", 404);
  if (!isAvailable(car) && !(await isSaved(db, user, carId))) return answer(false, "This car has been sold.", 409);
  await saveCar(db, user, carId, typeof car.price === "number" ? Math.round(car.price) : null);
  return answer(true);
}

export const handleSaveCar = (ctx: WatchlistContext) => handleWatchlist(ctx, "save");
export const handleRemoveCar = (ctx: WatchlistContext) => handleWatchlist(ctx, "remove");
