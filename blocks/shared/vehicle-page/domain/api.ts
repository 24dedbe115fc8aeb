/**
 * What the vehicle page's small API routes share (app/api/cars/[slug]/… declare the route and
 * call the block's route function): the car through the dealer's base filter, so a car that is
 * not this dealer's (or is hidden by its base filter) is a 404 everywhere.
 */
import type { Tenant } from "@/runtime/tenant";
import type { Car } from "@/runtime/stock/car";
import type { DealerManifest } from "@/runtime/generated/types";
import type { Queryable } from "@/runtime/db/types";
import { carBySlug } from "@/runtime/inventory/cars";
import { apiError } from "@/runtime/http/api-route";

export interface RouteDeps {
  /** Car lookup through the dealer's base filter (default carBySlug). */
  findCar?: (manifest: DealerManifest, slug: string) => Promise<Car | null>;
  /** The database (default getDb()). */
  db?: () => Promise<Queryable>;
}

export async function defaultDb(): Promise<Queryable> {
  return (await import("@/runtime/db/index")).getDb();
}

export async function siteCar(tenant: Tenant, slug: string, deps: RouteDeps): Promise<{ manifest: DealerManifest; car: Car } | Response> {
  if (tenant.kind !== "site") return apiError(404, "Site not found");
  const car = await (deps.findCar ?? carBySlug)(tenant.manifest, slug);
  if (!car) return apiError(404, "Car not found");
  return { manifest: tenant.manifest, car };
}
