/**
 * The sidebar's small API, as plain functions of (tenant, slug) so they are tested without Next
 * (app/api/cars/[slug]/… declare each route through the API boundary and call these):
 *  - GET  /api/cars/{slug}/view.json     counts a view and answers { views, car_fields, stale } (query photos_count, updated_at, website_id)
 *  - POST /api/cars/{slug}/phone-reveal  records a reveal (car_id, dealership_id, website_id)
 *  - GET  /api/cars/{slug}/pdf           the car as {slug}.pdf (pdf.ts), for 'Download PDF'
 * A car that is not this dealer's (or is hidden by its base filter) is 404 everywhere.
 */
import type { Tenant } from "@/runtime/tenant";
import type { Car } from "@/runtime/stock/car";
import type { DealerManifest } from "@/runtime/generated/types";
import type { Queryable } from "@/runtime/db/types";
import { apiError, json } from "@/runtime/http/api-route";
import { defaultDb, siteCar, type RouteDeps } from "@/blocks/shared/vehicle-page/domain/api";
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

/** The car's fields a cached vehicle page may have gone stale on, answered live by view.json ("views and car_fields"). */
export const VIEW_CAR_FIELDS = ["price", "before_price", "status", "reserved", "sold", "photos_count"] as const;
export type ViewCarFields = Partial<Pick<Car, (typeof VIEW_CAR_FIELDS)[number]>>;

export interface ViewQuery {
  /** The photo count the page was rendered with. */
  photos_count?: number;
  /** When the page's data was read (ISO 8601). */
  updated_at?: string;
  /** The website the page belongs to: the car's website id (or the dealer's slug). */
  website_id?: string;
}

/** Reads view.json's query (photos_count, updated_at, website_id); a malformed value is an error, a missing one is fine. */
export function parseViewQuery(params: URLSearchParams): { ok: true; query: ViewQuery } | { ok: false; message: string } {
  const query: ViewQuery = {};
  const photos = params.get("photos_count");
  if (photos !== null) {
    if (!/^\d{1,3}$/.test(photos)) return { ok: false, message: "photos_count must be a whole number" };
    query.photos_count = Number(photos);
  }
  const updated = params.get("updated_at");
  if (updated !== null) {
    if (updated.length > 40 || Number.isNaN(Date.parse(updated))) return { ok: false, message: "updated_at must be a date" };
    query.updated_at = updated;
  }
  const website = params.get("website_id");
  if (website !== null) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(website)) return { ok: false, message: "website_id must be an id" };
    query.website_id = website;
  }
  return { ok: true, query };
}

/**
 * Counts a view and answers `{ views, car_fields, stale }`: the total, the car's live fields the
 * page shows, and whether the page's photos are out of date (its photos_count differs). A
 * website_id that is not the car's website is another site's page: 404.
 */
export async function viewRoute(
  tenant: Tenant,
  slug: string,
  deps: RouteDeps = {},
  params: URLSearchParams = new URLSearchParams(),
  visitor?: string,
): Promise<Response> {
  const parsed = parseViewQuery(params);
  if (!parsed.ok) return apiError(400, parsed.message, [{ field: "query", message: parsed.message }]);
  const found = await siteCar(tenant, slug, deps);
  if (found instanceof Response) return found;
  const { car, manifest } = found;
  const { query } = parsed;
  if (query.website_id !== undefined && query.website_id !== String(car.location?.website?.id ?? manifest.slug) && query.website_id !== manifest.slug) {
    return apiError(404, "Car not found");
  }
  const car_fields: ViewCarFields = {};
  for (const k of VIEW_CAR_FIELDS) if (car[k] !== undefined) (car_fields as Record<string, unknown>)[k] = car[k];
  const stale = query.photos_count !== undefined && typeof car.photos_count === "number" && query.photos_count !== car.photos_count;
  const base = typeof car.views === "number" ? car.views : 0;
  try {
    const counted = await recordView(await (deps.db ?? defaultDb)(), manifest.slug, car.slug, visitor);
    return json(200, { views: base + counted, car_fields, stale });
  } catch (e) {
    // The count is a nicety: without the database the feed's count still shows.
    console.warn(`[vehicle-page] site=${manifest.slug} car=${car.slug} view not recorded: ${e instanceof Error ? e.name : "error"}`);
    return json(200, { views: base, car_fields, stale });
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
      return json(201, { ok: true, repeat: true });
    await recordPhoneReveal(db, {
      dealerSlug: manifest.slug,
      carId: String(car.id),
      dealershipId: car.dealership_id,
      websiteId: String(car.location?.website?.id ?? manifest.slug),
    });
    return json(201, { ok: true });
  } catch (e) {
    console.error(`[vehicle-page] site=${manifest.slug} car=${car.slug} phone reveal not recorded: ${e instanceof Error ? e.message : String(e)}`);
    return apiError(500, "The reveal could not be recorded");
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
    return apiError(500, "The PDF could not be prepared. Please try again, or use Print.");
  }
}
