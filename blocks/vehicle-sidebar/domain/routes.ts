/**
 * The sidebar's small API, as plain functions of (tenant, slug) so they are tested without Next
 * (app/api/cars/[slug]/… only resolve the tenant and call these):
 *  - GET  /api/cars/{slug}/view.json     counts a view and answers { views } (the views count)
 *  - POST /api/cars/{slug}/phone-reveal  records a reveal (car_id, dealership_id, website_id)
 *  - GET  /api/cars/{slug}/pdf           the car as {slug}.pdf (pdf.ts), for 'Download PDF'
 * A car that is not this dealer's (or is hidden by its base filter) is 404 everywhere.
 */
import type { Tenant } from "@/runtime/tenant";
import type { Car } from "@/runtime/stock/car";
import type { DealerManifest } from "@/runtime/generated/types";
import type { Queryable } from "@/runtime/db/types";
import { defaultDb, json, siteCar, type RouteDeps } from "@/blocks/shared/vehicle-page/domain/api";
import { buildCarPdf, carPdfImage } from "./pdf";

export type { RouteDeps };

/** The day (UTC) a visit counts on. */
export function visitDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether this is the visitor's first view or reveal of the car today (records it when it is).
 * Without a visitor (a caller that cannot tell) every call counts.
 */
export async function firstVisitToday(
  db: Queryable,
  row: { dealerSlug: string; carSlug: string; kind: "view" | "phone-reveal"; visitor?: string; day?: string },
): Promise<boolean> {
  if (!row.visitor) return true;
  const inserted = await db.query(
    `INSERT INTO car_visitor_days (dealer_slug, car_slug, kind, visitor, day) VALUES ($1, $2, $3, $4, $5::date) ON CONFLICT DO NOTHING RETURNING kind`,
    [row.dealerSlug, row.carSlug, row.kind, row.visitor, row.day ?? visitDay()],
  );
  return inserted.length > 0;
}

/**
 * Adds one view (only the visitor's first of the car today, when a visitor is given) and returns
 * the total: the feed's count plus this site's recorded views.
 */
export async function recordView(db: Queryable, dealerSlug: string, carSlug: string, visitor?: string): Promise<number> {
  if (!(await firstVisitToday(db, { dealerSlug, carSlug, kind: "view", visitor }))) {
    const [row] = await db.query<{ count: string | number }>(`SELECT count FROM car_views WHERE dealer_slug = $1 AND car_slug = $2`, [dealerSlug, carSlug]);
    return Number(row?.count ?? 0);
  }
  const rows = await db.query<{ count: string | number }>(
    `INSERT INTO car_views (dealer_slug, car_slug, count) VALUES ($1, $2, 1)
     ON CONFLICT (dealer_slug, car_slug) DO UPDATE SET count = car_views.count + 1, updated_at = now()
     RETURNING count`,
    [dealerSlug, carSlug],
  );
  return Number(rows[0]?.count ?? 0);
}

export async function viewRoute(tenant: Tenant, slug: string, deps: RouteDeps = {}, visitor?: string): Promise<Response> {
  const found = await siteCar(tenant, slug, deps);
  if (found instanceof Response) return found;
  const base = typeof found.car.views === "number" ? found.car.views : 0;
  try {
    const counted = await recordView(await (deps.db ?? defaultDb)(), found.manifest.slug, found.car.slug, visitor);
    return json({ views: base + counted });
  } catch (e) {
    // The count is a nicety: without the database the feed's count still shows.
    console.warn(`[vehicle-page] site=${found.manifest.slug} car=${found.car.slug} view not recorded: ${e instanceof Error ? e.name : "error"}`);
    return json({ views: base });
  }
}

export async function recordPhoneReveal(db: Queryable, row: { dealerSlug: string; carId: string; dealershipId: number; websiteId: string }): Promise<void> {
  await db.query(`INSERT INTO phone_reveals (dealer_slug, car_id, dealership_id, website_id) VALUES ($1, $2, $3, $4)`, [
    row.dealerSlug,
    row.carId,
    row.dealershipId,
    row.websiteId,
  ]);
}

/** Records a reveal, once per visitor, car and day when a visitor is given (a repeat answers the same 201 with `repeat: true` and records nothing). */
export async function phoneRevealRoute(tenant: Tenant, slug: string, deps: RouteDeps = {}, visitor?: string): Promise<Response> {
  const found = await siteCar(tenant, slug, deps);
  if (found instanceof Response) return found;
  const { car, manifest } = found;
  try {
    const db = await (deps.db ?? defaultDb)();
    if (!(await firstVisitToday(db, { dealerSlug: manifest.slug, carSlug: car.slug, kind: "phone-reveal", visitor })))
      return json({ ok: true, repeat: true }, 201);
    await recordPhoneReveal(db, {
      dealerSlug: manifest.slug,
      carId: String(car.id),
      dealershipId: car.dealership_id,
      websiteId: String(car.location?.website?.id ?? manifest.slug),
    });
    return json({ ok: true }, 201);
  } catch (e) {
    console.error(`[vehicle-page] site=${manifest.slug} car=${car.slug} phone reveal not recorded: ${e instanceof Error ? e.message : String(e)}`);
    return json({ message: "The reveal could not be recorded" }, 500);
  }
}

/** Deps of the PDF route (tests replace the photo and the builder). */
export interface PdfDeps extends RouteDeps {
  /** The car's main photo as JPEG, or null (default: rendered when the URL is one of ours). */
  pdfImage?: (car: Car, manifest: DealerManifest) => Promise<Buffer | null>;
  buildPdf?: typeof buildCarPdf;
}

/** A file name that needs no quoting rules: the slug's safe characters only. */
export function pdfFileName(slug: string): string {
  return `${
    slug
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[.-]+/, "")
      .slice(0, 120) || "vehicle"
  }.pdf`;
}

/**
 * GET /api/cars/{slug}/pdf: the car as a PDF attachment named {slug}.pdf (pdf.ts). 404 for a car
 * that is not this dealer's; 500 with a message (the button's alert) when the PDF fails.
 */
export async function pdfRoute(tenant: Tenant, slug: string, deps: PdfDeps = {}, options: { origin?: string } = {}): Promise<Response> {
  const found = await siteCar(tenant, slug, deps);
  if (found instanceof Response) return found;
  const { car, manifest } = found;
  try {
    const image = await (deps.pdfImage ?? ((c: Car, m: DealerManifest) => carPdfImage(c, m.hosts ?? [])))(car, manifest);
    const url = options.origin ? `${options.origin}/cars/${encodeURIComponent(car.slug)}` : undefined;
    const pdf = await (deps.buildPdf ?? buildCarPdf)({ car, manifest, image, url });
    return new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${pdfFileName(car.slug)}"`,
        "content-length": String(pdf.byteLength),
        // The same for every visitor of this site; a changed car shows after a minute.
        "cache-control": "public, max-age=60",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (e) {
    console.error(`[vehicle-page] site=${manifest.slug} car=${car.slug} PDF failed: ${e instanceof Error ? e.message : String(e)}`);
    return json({ message: "The PDF could not be prepared. Please try again, or use Print." }, 500);
  }
}
