/**
 * This process's view of which cars are held: the reservation rows that may hold a car (held or
 * confirmed, a few per dealer), read from the database every 2 s and updated at once by this
 * process's own reservations. Whether a held row still holds is decided at each read from its
 * expires_at (rules.ts isActive), so a hold ends on time without a job, a refresh or a restart;
 * the 2 s refresh is for what other processes do that they do not announce (`npm run reservations`);
 * a hold made by another server is announced on the change bus and read at once.
 *
 * It feeds the search overlay (runtime/search/overlay.ts: cards and the `reserved` facet) and
 * overlayCar (the vehicle page and checkout), so the car shows RESERVED everywhere at once.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db/types";
import { fleetBus } from "../fleet/bus";
import { setReservedOverlay } from "../search/overlay";
import { isActive, type ReservationState } from "./rules";
import { candidateHolds } from "./store";

/** A hold as the overlay keeps it: its state, and the dealer and car slug for the page cache's key. */
export type OverlayHold = ReservationState & { dealer_slug?: string | null; car_slug?: string | null };

interface State {
  holds: Map<string, OverlayHold>;
  /** Counts every change of `holds`, so what is computed from them can be kept until the next. */
  version: number;
  /** dealerHoldsKey's answers by dealer, valid while `version` is unchanged and until `until` (ms). */
  dealerKeys: Map<string, { version: number; until: number; key: string }>;
  loaded: boolean;
  refreshing: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  clock: () => Date;
}

const KEY = Symbol.for("dealer-platform.reservations.overlay");
type Holder = { [KEY]?: State };

function register(): void {
  setReservedOverlay({
    isReserved: (id) => isHeld(String(id)),
    reservedIds: () => heldIds(),
    holdKey: (dealer, carSlug) => holdKey(dealer, carSlug),
    dealerHoldsKey: (dealer) => dealerHoldsKey(dealer),
  });
}

function state(): State {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const s: State = { holds: new Map(), version: 0, dealerKeys: new Map(), loaded: false, refreshing: null, timer: null, clock: () => new Date() };
    g[KEY] = s;
    register();
  }
  return g[KEY]!;
}

export function isHeld(carId: string | number, now: Date = state().clock()): boolean {
  const r = state().holds.get(String(carId));
  return !!r && isActive(r, now);
}

export function heldIds(now: Date = state().clock()): number[] {
  const out: number[] = [];
  for (const [id, r] of state().holds) if (isActive(r, now)) out.push(Number(id));
  return out;
}

/** When a held row stops holding, in ms (the driver gives a Date, a test may give text). */
function expiresAtMs(r: OverlayHold): number {
  return r.expires_at instanceof Date ? r.expires_at.getTime() : new Date(String(r.expires_at)).getTime();
}

/**
 * The page cache's key part for a car's hold now: "" when the car is free, `c` while a confirmed
 * reservation holds it, and `h{expires_at in base 36}` while a held one does. Read-time expiry
 * (isActive), so the key goes back to "" at expires_at: the next request for the vehicle page
 * misses the cache and renders the car free, without waiting for the 60 s revalidate window.
 */
export function holdKey(dealerSlug: string, carSlug: string, now: Date = state().clock()): string {
  for (const r of state().holds.values()) {
    if (r.car_slug !== carSlug || (r.dealer_slug && r.dealer_slug !== dealerSlug) || !isActive(r, now)) continue;
    if (r.status === "confirmed") return "c";
    return `h${Math.floor(expiresAtMs(r) / 1000).toString(36)}`;
  }
  return "";
}

/**
 * A short key of every live hold on the dealer's cars ("" when none), for the rendered-page
 * cache's key of a page that lists the dealer's stock (the search pages): it changes when any of
 * the dealer's holds starts, is confirmed or lapses, so a listing is never served showing a held
 * car free or a free car held. Lowercase base-36 digits, as the key's version part allows.
 */
export function dealerHoldsKey(dealerSlug: string, now: Date = state().clock()): string {
  // Asked on every request for a cached search page: kept until the holds change (a refresh or
  // this process's own reservation) or the first of the dealer's holds lapses, whichever is first.
  const s = state();
  const kept = s.dealerKeys.get(dealerSlug);
  if (kept && kept.version === s.version && now.getTime() < kept.until) return kept.key;
  const holds: string[] = [];
  let until = Infinity;
  for (const r of s.holds.values()) {
    if ((r.dealer_slug && r.dealer_slug !== dealerSlug) || !isActive(r, now)) continue;
    holds.push(`${r.car_slug}:${holdKey(dealerSlug, String(r.car_slug), now)}`);
    if (r.status !== "confirmed" && r.expires_at != null) until = Math.min(until, expiresAtMs(r));
  }
  const key = holds.length === 0 ? "" : `s${createHash("sha256").update(holds.sort().join("\n")).digest().readBigUInt64BE(0).toString(36)}`;
  s.dealerKeys.set(dealerSlug, { version: s.version, until, key });
  return key;
}

/**
 * This process just wrote a reservation: show it before the next refresh, and tell every other
 * process to read the holds now (the change bus; nothing to tell outside a server).
 */
export function noteHold(carId: string | number, r: OverlayHold | null): void {
  const s = state();
  if (r) s.holds.set(String(carId), r);
  else s.holds.delete(String(carId));
  s.version++;
  fleetBus()
    .announce({ type: "reservations" })
    .catch((e: Error) => console.error(`[reservations] could not announce a hold (other processes see it within 2 s): ${e.message}`));
}

/** Reads the rows that may hold a car (concurrent calls share one read). */
export function refreshOverlay(db: Queryable): Promise<void> {
  const s = state();
  if (s.refreshing) return s.refreshing;
  s.refreshing = (async () => {
    const rows = await candidateHolds(db);
    const holds = new Map(
      rows.map((r) => [String(r.car_id), { status: r.status, expires_at: r.expires_at, dealer_slug: r.dealer_slug, car_slug: r.car_slug }]),
    );
    // The same holds as before (every 2 s, nearly always): what was computed from them still stands.
    if (!sameHolds(s.holds, holds)) {
      s.holds = holds;
      s.version++;
    }
    s.loaded = true;
  })().finally(() => {
    s.refreshing = null;
  });
  return s.refreshing;
}

function sameHolds(a: Map<string, OverlayHold>, b: Map<string, OverlayHold>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, x] of a) {
    const y = b.get(id);
    if (!y || x.status !== y.status || x.dealer_slug !== y.dealer_slug || x.car_slug !== y.car_slug) return false;
    if ((x.expires_at == null) !== (y.expires_at == null) || (x.expires_at != null && expiresAtMs(x) !== expiresAtMs(y))) return false;
  }
  return true;
}

/** How many times the holds have changed (tests). */
export const overlayVersion = (): number => state().version;

/** The server's start (instrumentation.ts): the first read, then one every 2 s. Failures keep the last view. */
export async function startReservationOverlay(open: () => Promise<Queryable>, intervalMs = 2000): Promise<void> {
  const s = state();
  const tick = () =>
    open()
      .then(refreshOverlay)
      .catch((e: Error) => console.error(`[reservations] overlay refresh failed: ${e.name}`));
  await tick();
  if (s.timer) return;
  s.timer = setInterval(() => void tick(), intervalMs);
  s.timer.unref();
}

/** The car as the shopper should see it now: `reserved` true while an online reservation holds it. */
export function overlayCar<T extends { id: number | string; reserved?: boolean }>(car: T): T;
export function overlayCar<T extends { id: number | string; reserved?: boolean }>(car: T | null): T | null;
export function overlayCar<T extends { id: number | string; reserved?: boolean }>(car: T | null): T | null {
  if (!car || car.reserved === true || !isHeld(car.id)) return car;
  return { ...car, reserved: true };
}

/** Tests: a fixed clock and an empty view. */
export function resetOverlayForTests(clock: () => Date = () => new Date()): void {
  const s = state();
  s.holds = new Map();
  s.version++;
  s.dealerKeys.clear();
  s.loaded = false;
  s.clock = clock;
  register();
}
