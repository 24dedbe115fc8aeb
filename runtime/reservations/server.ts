/**
 * The reservation capability inside a server process: which gateway a dealer uses, the overlay
 * refresh, and the reconcile loop for payments a dead process left half done.
 */
import type { Db } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { providerFor, providerNamed } from "../payments/registry";
import type { PaymentProvider } from "../payments/types";
import { startReservationOverlay } from "./overlay";
import { reconcile, type GatewayLookup } from "./service";

type Env = Record<string, string | undefined>;

/** The dealer's gateway: the built-in test gateway unless Stripe is configured (then null while its secret key is missing). */
export function gatewayForManifest(manifest: Pick<DealerManifest, "reservations">, db: Db, env: Env = process.env): PaymentProvider | null {
  return providerFor(manifest, db, env);
}

/** A payment's gateway, looked up by its dealer (reconcile, refunds: the CLI and the server alike). */
export function gatewayLookup(db: Db, manifestOf: (dealer: string) => DealerManifest | null, env: Env = process.env): GatewayLookup {
  return (p) => providerNamed(p.gateway, manifestOf(p.dealer_slug), db, env);
}

const STARTED = Symbol.for("dealer-platform.reservations.started");

/** Reconciles payments older than `olderThanMs`, logging counts only. */
export async function reconcileNow(db: Db, olderThanMs: number): Promise<void> {
  const { getSiteStore } = await import("../manifest/store");
  const manifestOf = (slug: string) => {
    const rec = getSiteStore().bySlug.get(slug);
    return rec && rec.status === "ok" ? rec.manifest : null;
  };
  const r = await reconcile({ db, gatewayFor: gatewayLookup(db, manifestOf) }, olderThanMs);
  if (r.captured + r.voided + r.refunded + r.failed > 0)
    console.info(`[reservations] reconciled captured=${r.captured} voided=${r.voided} refunded=${r.refunded} failed=${r.failed}`);
}

/**
 * The server's start: the overlay (first read now, then every 2 s) and reconcile (now, then every
 * minute). With the embedded database this process is the only one (the directory lock), so every
 * unfinished payment at start belongs to a dead process; on a shared PostgreSQL only those older
 * than a minute do (a live request finishes in seconds).
 */
export async function startReservations(): Promise<void> {
  const g = globalThis as { [STARTED]?: boolean };
  if (g[STARTED]) return;
  g[STARTED] = true;
  const { getDb } = await import("../db/index");
  await startReservationOverlay(getDb);
  const age = async () => ((await getDb()).kind === "pglite" ? 0 : 60_000);
  const run = (olderThanMs?: number) =>
    getDb()
      .then(async (db) => reconcileNow(db, olderThanMs ?? (await age())))
      .catch((e: Error) => console.error(`[reservations] reconcile failed: ${e.name}`));
  await run();
  // Later rounds only touch payments a minute old: by then a live request in this process is done.
  setInterval(() => void run(60_000), 60_000).unref();
}
