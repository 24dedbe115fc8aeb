/**
 * The export staff give the studio's import screen (uploaded, or fetched from an address), with the
 * profile they are working on and its last dry run, kept in the database (`feed_uploads`) so every
 * server process answers the next step alike. One per dealer: a new upload replaces the last.
 */
import type { Queryable } from "../db/types";
import type { StockFeed } from "../generated/types";
import type { FeedReport } from "./report";

/** A car of the dry run as the site would show it. */
export interface PreviewCar {
  stocknum: string;
  name: string;
  price: number;
  priceType: string;
  km: number | null;
  photos: number;
  status: string;
  /** False when the site would hide it (too few photos). */
  shown: boolean;
}

export interface FeedDryRun {
  report: FeedReport;
  /** The first cars the rows became. */
  preview: PreviewCar[];
}

export interface FeedUpload {
  dealer: string;
  /** The file's name as given, or the address it came from. */
  source: string;
  bytes: Uint8Array;
  uploadedAt: Date;
  profile: StockFeed;
  dryRun: FeedDryRun | null;
}

const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

export async function getUpload(db: Queryable, dealer: string): Promise<FeedUpload | null> {
  const rows = await db.query<{ source: string; bytes: Uint8Array; uploaded_at: Date | string; profile: unknown; dry_run: unknown }>(
    "SELECT source, bytes, uploaded_at, profile, dry_run FROM feed_uploads WHERE dealer_slug = $1",
    [dealer],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    dealer,
    source: r.source,
    bytes: new Uint8Array(r.bytes),
    uploadedAt: new Date(r.uploaded_at),
    profile: json<StockFeed>(r.profile),
    dryRun: r.dry_run == null ? null : json<FeedDryRun>(r.dry_run),
  };
}

/** Keeps a new export for the dealer (replacing the last) with the profile to start from. */
export async function putUpload(db: Queryable, u: Omit<FeedUpload, "dryRun">): Promise<void> {
  await db.query(
    `INSERT INTO feed_uploads (dealer_slug, source, bytes, uploaded_at, profile, dry_run) VALUES ($1, $2, $3, $4, $5::jsonb, NULL)
     ON CONFLICT (dealer_slug) DO UPDATE SET source = EXCLUDED.source, bytes = EXCLUDED.bytes, uploaded_at = EXCLUDED.uploaded_at,
       profile = EXCLUDED.profile, dry_run = NULL`,
    [u.dealer, u.source, u.bytes, u.uploadedAt, JSON.stringify(u.profile)],
  );
}

/** Records the profile staff adjusted and, when they ran one, its dry run (null clears an older one that no longer matches). */
export async function updateUpload(db: Queryable, dealer: string, profile: StockFeed, dryRun: FeedDryRun | null): Promise<void> {
  await db.query("UPDATE feed_uploads SET profile = $2::jsonb, dry_run = $3::jsonb WHERE dealer_slug = $1", [
    dealer,
    JSON.stringify(profile),
    dryRun ? JSON.stringify(dryRun) : null,
  ]);
}
