/**
 * Feed runs recorded in the database, for the command line and the production server's scheduler:
 * a dealer's alert settings from its manifest, the staff email through the messaging adapters
 * (SMTP, or the local inbox on a machine without one), the change-bus announcement, and the
 * scheduler wired to the real import.
 */
import path from "node:path";
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { sendMessage } from "../accounts/delivery";
import { announce } from "../fleet/bus";
import { publishStockFiles } from "../fleet/shared-stock";
import { getSiteStore } from "../manifest/store";
import { pushPublishedStock } from "../inventory/algolia-stock";
import { siteTimeZone } from "../time";
import { runFeedImport } from "./import";
import { photoMirrorFor, type PhotoMirror } from "./photos";
import { resolveStockFeed } from "./profile";
import type { FeedSite } from "./runs";
import { startFeedScheduler, type CompleteRunDeps, type FeedScheduler, type RunDealer } from "./scheduler";

export function runDealer(manifest: DealerManifest): RunDealer | null {
  if (!manifest.stockFeed) return null;
  const profile = resolveStockFeed(manifest.stockFeed);
  return { siteName: manifest.name, alertTo: profile.alertEmail ?? manifest.contact.email, alertRejectPercent: profile.alertRejectPercent };
}

export function feedSite(manifest: DealerManifest): FeedSite | null {
  if (!manifest.stockFeed) return null;
  return { slug: manifest.slug, schedule: resolveStockFeed(manifest.stockFeed).schedule, timeZone: siteTimeZone(manifest) };
}

/** The dealer a site's slug names now (its search settings say whether its stock goes to Algolia). */
const servedManifest = (slug: string): DealerManifest | null => {
  const site = getSiteStore().bySlug.get(slug);
  return site?.status === "ok" ? site.manifest : null;
};

/** `stockDir`: where the run wrote the site's stock file (published from there on PostgreSQL). */
export function runDeps(db: Db, stockDir: string, manifestOf: (slug: string) => DealerManifest | null = servedManifest): CompleteRunDeps {
  return {
    sendAlert: (m) => sendMessage({ dealer: m.dealer, channel: "email", to: m.to, subject: m.subject, text: m.text }, process.env, async () => db),
    // On PostgreSQL the file is published for every process (runtime/fleet/shared-stock.ts); the embedded
    // database has one process, which only needs to look at its folder now. A dealer searched in
    // Algolia gets the changes pushed there too (runtime/inventory/algolia-stock.ts).
    announceStock: async (site) => {
      if (db.kind === "postgres") await publishStockFiles(db, stockDir, [site], "feed");
      else await announce(db, { type: "stock" });
      await pushPublishedStock(db, site, stockDir, manifestOf(site));
    },
    now: () => new Date(),
  };
}

export interface ServerFeedOptions {
  db: Db;
  root: string;
  stockDir: string;
  /** The dealers with a stock feed served now (the schedule's list). */
  manifests: () => DealerManifest[];
  /** The dealer a slug names now: the manifest the server serves (a dealer put live from the studio has no file). */
  manifestOf?: (slug: string) => DealerManifest | null;
  /** Where photos are mirrored (FEED_PHOTOS's choice by default; null links them where they are). */
  photos?: PhotoMirror | null;
  /** How often due feeds are looked for (a minute by default). */
  intervalMs?: number;
}

/** The production server's scheduler: every dealer with a feed profile, imported on its schedule. */
export function startServerFeedScheduler(o: ServerFeedOptions): FeedScheduler {
  const manifestsDir = path.join(o.root, "manifests");
  const publicDir = path.join(o.root, "public");
  const manifestOf = o.manifestOf ?? servedManifest;
  return startFeedScheduler({
    db: o.db,
    intervalMs: o.intervalMs,
    ...runDeps(o.db, o.stockDir, manifestOf),
    sites: () => o.manifests().flatMap((m) => feedSite(m) ?? []),
    dealer: (slug) => {
      const m = manifestOf(slug);
      return m ? runDealer(m) : null;
    },
    run: async (slug) => {
      // A dealer gone since is looked for in its file, which says plainly that there is none.
      const { report } = await runFeedImport({
        dealer: slug,
        manifest: manifestOf(slug) ?? undefined,
        manifestsDir,
        publicDir,
        stockDir: o.stockDir,
        dataDir: path.join(o.root, ".data"),
        db: o.db,
        photos: o.photos === undefined ? photoMirrorFor(o.db) : o.photos,
      });
      return report;
    },
  });
}
