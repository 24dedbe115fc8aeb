/**
 * Live state laid over the stock index: today, the cars held by an active online reservation
 * (runtime/reservations/overlay.ts fills it from the database). The index is built from the stock
 * files and rebuilt only when they change; a reservation must show at once and lapse on its own,
 * so it is applied to each answer instead: hits get `reserved: true`, and a requested `reserved`
 * facet is recounted. Kept on globalThis: the pages, route handlers and instrumentation are
 * separate module instances in Next's server.
 *
 * A request that filters on `reserved` itself (a facet refinement `reserved:true` or `reserved:false`,
 * in `filters` or `facetFilters`) is rewritten to read the overlay too (overlayReservedFilter), so
 * refining on the facet finds exactly the cars its count promised.
 */
import type { FilterNode } from "./filter-grammar";

export interface ReservedOverlay {
  /** Whether the car with this id is held now (read-time expiry). */
  isReserved(carId: string | number): boolean;
  /** The ids held now (a few: one per reserved car). */
  reservedIds(): number[];
  /**
   * A short key of the car's hold now ("" when none), for the rendered-page cache's key
   * (runtime/page-cache/cacheable.ts): it changes when a hold starts and again at its expires_at,
   * so the cached vehicle page is not served past either.
   */
  holdKey?(dealerSlug: string, carSlug: string): string;
  /** A short key of all the dealer's holds now ("" when none), for cached pages that list its stock. */
  dealerHoldsKey?(dealerSlug: string): string;
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

/** Whether a filter names the `reserved` attribute anywhere. */
export function filtersOnReserved(node: FilterNode | null): boolean {
  if (!node) return false;
  switch (node.type) {
    case "and":
    case "or":
      return node.children.some(filtersOnReserved);
    case "not":
      return filtersOnReserved(node.child);
    default:
      return node.attribute === "reserved";
  }
}

/**
 * The request's filter with each `reserved` refinement reading the live reservations as well as
 * the index: `reserved:true` becomes `(reserved:true OR id = held…)` and `reserved:false` becomes
 * `(reserved:false AND NOT (id = held…))`. Anything else is kept as it is (pure; the same node when
 * nothing changes, so the engine's filter cache keys stay the same).
 */
export function overlayReservedFilter(node: FilterNode | null, ids: readonly number[]): FilterNode | null {
  const held = reservedIdsFilter(ids);
  if (!node || !held) return node;
  const walk = (n: FilterNode): FilterNode => {
    switch (n.type) {
      case "and":
      case "or": {
        const children = n.children.map(walk);
        return children.every((c, i) => c === n.children[i]) ? n : { type: n.type, children };
      }
      case "not": {
        const child = walk(n.child);
        return child === n.child ? n : { type: "not", child };
      }
      case "facet":
        if (n.attribute !== "reserved") return n;
        if (n.value === "true") return { type: "or", children: [n, held] };
        if (n.value === "false") return { type: "and", children: [n, { type: "not", child: held }] };
        return n;
      default:
        return n;
    }
  };
  return walk(node);
}
