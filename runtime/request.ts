import "server-only";
import { headers } from "next/headers";
import { requestHost, requestProto } from "./http/origin";
import { resolveTenant, type Tenant } from "./tenant";

/** The tenant and origin of the current request (server components and route handlers). */
export async function currentRequest(): Promise<{ tenant: Tenant; origin: string; host: string }> {
  const h = await headers();
  const host = requestHost(h);
  // Only http or https ever reaches og:image, JSON-LD and share links (runtime/http/origin.ts).
  const proto = requestProto(h);
  return { tenant: resolveTenant(host), origin: `${proto}://${host}`, host };
}
