/**
 * Payments inside a server process: the reservations overlay refresh, and the reconcile loop for
 * payments a dead process left half done.
 */
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { startReservationOverlay } from "../reservations/overlay";
import { reconcileReservations, type ProviderLookup } from "./purposes/reserve";
import { providerNamed } from "./registry";
import type { Env } from "./registry-types";

/** A payment's provider, looked up by its dealer (reconcile, refunds: the CLI and the server alike). */
export function providerLookup(db: Db, manifestOf: (dealer: string) => DealerManifest | null, env: Env = process.env): ProviderLookup {
  return (p) => providerNamed(p.gateway, manifestOf(p.dealer), db, env);
}

const STARTED = Symbol.for("dealer-platform.reservations.started");

/** Reconciles payments older than `olderThanMs`, logging counts only. */
export async function reconcileNow(db: Db, olderThanMs: number): Promise<void> {
  const { getSiteStore } = await import("../manifest/store");
  const manifestOf = (slug: string) => {
    const rec = getSiteStore().bySlug.get(slug);
    return rec && rec.status === "ok" ? rec.manifest : null;
  };
  const r = await reconcileReservations({ db, providerFor: providerLookup(db, manifestOf) }, olderThanMs);
  if (r.captured + r.voided + r.refunded + r.failed > 0)
    console.info(`[payments] reconciled captured=${r.captured} voided=${r.voided} refunded=${r.refunded} failed=${r.failed}`);
}

/**
 * The server's start: the overlay (first read now, then every 2 s) and reconcile (now, then every
 * minute). With the embedded database this process is the only one (the directory lock), so every
 * unfinished payment at start belongs to a dead process; on a shared PostgreSQL only those older
 * than a minute do (a live request finishes in seconds).
 */
export async function startPayments(): Promise<void> {
  const g = globalThis as { [STARTED]?: boolean };
  if (g[STARTED]) return;
  g[STARTED] = true;
  const { getDb } = await import("../db/index");
  await startReservationOverlay(getDb);
  const age = async () => ((await getDb()).kind === "pglite" ? 0 : 60_000);
  const run = (olderThanMs?: number) =>
    getDb()
      .then(async (db) => reconcileNow(db, olderThanMs ?? (await age())))
      .catch((e: Error) => console.error(`[payments] reconcile failed: ${e.name}`));
  await run();
  // Later rounds only touch payments a minute old: by then a live request in this process is done.
  setInterval(() => void run(60_000), 60_000).unref();
}
