import "server-only";
import { NextResponse } from "next/server";
import { getDb } from "../db";
import { isAvailable } from "../cars/availability";
import { carById } from "../inventory/cars";
import type { Tenant } from "../tenant";
import { cookieValue } from "./api";
import { normaliseMobile } from "./recipient";
import { SESSION_COOKIE, sessionUser } from "./sessions";
import { isSaved, removeCar, saveCar } from "./watchlist";

const answer = (success: boolean, message?: string, status = 200) =>
  NextResponse.json(message ? { success, message } : { success }, { status, headers: { "cache-control": "no-store" } });

/** POST /api/watchlist/{save-car,remove-car}: {phone_number, car_id} of the signed-in shopper (§5: a user with a phone number). */
export async function handleWatchlist(request: Request, tenant: Tenant, action: "save" | "remove"): Promise<Response> {
  if (tenant.kind !== "site") return answer(false, "Site not found", 404);
  const dealer = tenant.manifest.slug;
  const db = await getDb();
  const user = await sessionUser(db, dealer, cookieValue(request, SESSION_COOKIE));
  if (!user) return answer(false, "Please sign in to use your watchlist.", 401);
  let body: { phone_number?: unknown; car_id?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return answer(false, "The request was not understood.", 400);
  }
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
