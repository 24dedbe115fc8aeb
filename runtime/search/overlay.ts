/**
 * Live state laid over the stock index: today, the cars held by an active online reservation
 * (runtime/reservations/overlay.ts fills it from the database). The index is built from the stock
 * files and rebuilt only when they change; a reservation must show at once and lapse on its own,
 * so it is applied to each answer instead: hits get `reserved: true`, and a requested `reserved`
 * facet is recounted. Kept on globalThis: the pages, route handlers and instrumentation are
 * separate module instances in Next's server.
 *
 * Not covered: a request that filters on `reserved` itself is answered from the index (no page
 * of the site filters on it; the facet is for display).
 */
import type { FilterNode } from "./filter-grammar";

export interface ReservedOverlay {
  /** Whether the car with this id is held now (read-time expiry). */
  isReserved(carId: string | number): boolean;
  /** The ids held now (a few: one per reserved car). */
  reservedIds(): number[];
}

const KEY = Symbol.for("dealer-platform.search.reserved-overlay");
type Holder = { [KEY]?: ReservedOverlay };

export function setReservedOverlay(overlay: ReservedOverlay | null): void {
  const g = globalThis as Holder;
  if (overlay) g[KEY] = overlay;
  else delete g[KEY];
}

export function reservedOverlay(): ReservedOverlay | null {
  return (globalThis as Holder)[KEY] ?? null;
}

/** `id = 1 OR id = 2 …` for the held cars, or null when none is held. */
export function reservedIdsFilter(ids: readonly number[]): FilterNode | null {
  const safe = ids.filter((id) => Number.isSafeInteger(id));
  return safe.length ? { type: "or", children: safe.map((id) => ({ type: "numeric", attribute: "id", op: "=", value: id })) } : null;
}
