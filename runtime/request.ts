import "server-only";
import { headers } from "next/headers";
import { resolveTenant, type Tenant } from "./tenant";

/** The tenant and origin of the current request (server components and route handlers). */
export async function currentRequest(): Promise<{ tenant: Tenant; origin: string; host: string }> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return { tenant: resolveTenant(host), origin: `${proto}://${host}`, host };
}
