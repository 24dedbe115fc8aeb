/**
 * Cars laid over the served stock index: those a newer stock snapshot changed (sold, reserved,
 * edited, or gone), applied to every answer from the moment the change is announced until the
 * snapshot that holds them is indexed (runtime/fleet/stock.ts feeds it; an index build takes
 * seconds to tens of seconds, a sale must show at once on every process).
 *
 * The index is immutable, so the changed cars are applied to each request instead:
 *  - every filter reads the new record for a laid-over car and the index for the rest: a filter
 *    `f` becomes `(f AND NOT laid) OR (the laid cars whose new record meets f)`, so any filter (the
 *    dealer's base filter, a refinement, NOT …) decides a changed car by its new values;
 *  - a car gone from the stock matches nothing;
 *  - hits of laid-over cars carry the new record's attributes;
 *  - facet counts move each laid-over hit from its old values to its new ones.
 * What is not corrected until the build: text relevance and ranking (a laid-over car is found by
 * its old words and sorted by its old values) and facet-value search counts; cars new to the
 * stock appear with the build.
 *
 * State on globalThis: the pages, route handlers and instrumentation are separate module
 * instances in Next's server. Light on purpose (no engine at run time): proxy.ts reads the key.
 */
import type { Engine, SearchResponse } from "./engine";
import { compileFilter, type FilterNode } from "./filter-grammar";
import { pathReader } from "./record-path";
import type { QueryRequest } from "./request";

interface LaidCar {
  /** The publish that changed it (runtime/fleet/shared-stock.ts). */
  seq: number;
  site: string;
  car: Record<string, unknown> | null;
}

interface State {
  cars: Map<number, LaidCar>;
  /** Bumped on every change, for memoised rewrites. */
  generation: number;
  memo: WeakMap<FilterNode, { generation: number; node: FilterNode }>;
  /** One node per set of ids in this generation: the engine keeps a long OR's bits per node object. */
  idSets: Map<string, FilterNode>;
  view: LaidOver | null;
}

const KEY = Symbol.for("dealer-platform.search.stock-overlay");

function state(): State {
  const g = globalThis as { [KEY]?: State };
  return (g[KEY] ??= { cars: new Map(), generation: 0, memo: new WeakMap(), idSets: new Map(), view: null });
}

/** What one answer is corrected with: the laid-over cars and the filter nodes naming them. */
export interface LaidOver {
  cars: ReadonlyMap<number, Record<string, unknown> | null>;
  /** `id = a OR id = b …` over every laid-over car. */
  all: FilterNode;
  /** NOT all. */
  notAll: FilterNode;
  /** NOT (the cars gone from the stock), or null when none is gone. */
  notGone: FilterNode | null;
  generation: number;
}

const idsNode = (ids: readonly number[]): FilterNode =>
  ids.length === 1
    ? { type: "numeric", attribute: "id", op: "=", value: ids[0] }
    : { type: "or", children: ids.map((value) => ({ type: "numeric", attribute: "id", op: "=", value })) };

/** Lays changed cars over the index (a later publish of a car replaces an earlier one). */
export function layOverStock(changes: ReadonlyArray<{ seq: number; site: string; car_id: number; car: Record<string, unknown> | null }>): void {
  if (changes.length === 0) return;
  const s = state();
  for (const c of changes) {
    const had = s.cars.get(c.car_id);
    if (!had || had.seq <= c.seq) s.cars.set(c.car_id, { seq: c.seq, site: c.site, car: c.car });
  }
  changed(s);
}

/**
 * A snapshot build was swapped in: the cars of publishes it holds (site → the newest publish
 * indexed) are served by the index itself now and leave the overlay.
 */
export function dropIndexedChanges(indexed: ReadonlyMap<string, number>): void {
  const s = state();
  let dropped = false;
  for (const [id, c] of s.cars) {
    if (c.seq <= (indexed.get(c.site) ?? 0)) {
      s.cars.delete(id);
      dropped = true;
    }
  }
  if (dropped) changed(s);
}

function changed(s: State): void {
  s.generation++;
  s.view = null;
  s.idSets.clear();
}

/** The node for a set of ids, the same object for the same set while the overlay is unchanged. */
function idSet(s: State, ids: readonly number[]): FilterNode {
  const key = ids.join(",");
  let node = s.idSets.get(key);
  if (!node) s.idSets.set(key, (node = idsNode(ids)));
  return node;
}

/** The laid-over cars for this answer, or null when none (the usual case: nothing to correct). */
export function laidOverStock(): LaidOver | null {
  const s = state();
  if (s.cars.size === 0) return null;
  if (!s.view) {
    const cars = new Map([...s.cars].map(([id, c]) => [id, c.car] as const));
    const gone = [...cars].filter(([, car]) => car === null).map(([id]) => id);
    const all = idSet(s, [...cars.keys()]);
    s.view = {
      cars,
      all,
      notAll: { type: "not", child: all },
      notGone: gone.length ? { type: "not", child: idSet(s, gone) } : null,
      generation: s.generation,
    };
  }
  return s.view;
}

/**
 * A short key of what is laid over ("" when nothing), for the served stock version
 * (runtime/inventory/stock-version.ts): cached pages rendered before a sale are not served after it.
 */
export function stockOverlayKey(): string {
  const s = state();
  if (s.cars.size === 0) return "";
  let top = 0;
  for (const c of s.cars.values()) top = Math.max(top, c.seq);
  return `+s${top}.${s.cars.size}`;
}

/**
 * The filter reading the laid-over cars' new records: `(filter AND NOT laid) OR (the laid cars
 * whose new record meets the filter)`. Each filter the engine ANDs is rewritten whole, so the
 * AND of them reads the new records too (pure; memoised per node and overlay).
 */
export function overlayStockFilter(node: FilterNode | null, laid: LaidOver): FilterNode | null {
  if (!node) return node;
  const s = state();
  const memo = s.memo.get(node);
  if (memo && memo.generation === laid.generation) return memo.node;
  const meets = compileFilter(node);
  const matching = [...laid.cars].filter(([, car]) => car !== null && meets(car)).map(([id]) => id);
  const unchanged: FilterNode = { type: "and", children: [node, laid.notAll] };
  const out: FilterNode = matching.length ? { type: "or", children: [unchanged, idSet(s, matching)] } : unchanged;
  if (laid.generation === s.generation) s.memo.set(node, { generation: laid.generation, node: out });
  return out;
}

/** The mandatory filters (the dealer's base filter) corrected, plus "not gone from the stock". */
export function overlayStockMandatory(mandatory: ReadonlyArray<FilterNode | null>, laid: LaidOver): (FilterNode | null)[] {
  const out = mandatory.map((m) => overlayStockFilter(m, laid));
  if (laid.notGone) out.push(laid.notGone);
  return out;
}

/** The request with its own filter corrected. */
export function overlayStockRequest(r: QueryRequest, laid: LaidOver): QueryRequest {
  const filter = overlayStockFilter(r.params.filter, laid);
  return filter === r.params.filter ? r : { ...r, params: { ...r.params, filter } };
}

const isMeta = (key: string) => key === "objectID" || key.startsWith("_");

/** A hit of a laid-over car with the new record's attributes (those the request retrieves). */
function overlayHit(hit: Record<string, unknown>, car: Record<string, unknown>, retrieve: readonly string[] | undefined): Record<string, unknown> {
  if (!retrieve || retrieve.includes("*")) {
    const out: Record<string, unknown> = { ...car };
    for (const [k, v] of Object.entries(hit)) if (isMeta(k)) out[k] = v;
    return out;
  }
  const out = { ...hit };
  for (const a of retrieve) {
    const top = a.split(".")[0];
    if (isMeta(top)) continue;
    if (Object.prototype.hasOwnProperty.call(car, top)) out[top] = car[top];
    else delete out[top];
  }
  return out;
}

const facetValue = (v: string | number | boolean) => (typeof v === "string" ? v : String(v));

/**
 * Corrects an answer computed with the corrected filters: hits of laid-over cars carry their new
 * records, and requested facet counts move those among the hits from their indexed values to their
 * new ones (one more search, over the few laid-over cars, only when facets were asked for).
 */
export function withLaidOverStock(
  engine: Engine,
  r: QueryRequest,
  mandatory: ReadonlyArray<FilterNode | null>,
  res: SearchResponse,
  laid: LaidOver,
): SearchResponse {
  let hits = res.hits;
  if (hits.some((h) => laid.cars.get(Number(h.id ?? h.objectID)))) {
    hits = hits.map((h) => {
      const car = laid.cars.get(Number(h.id ?? h.objectID));
      return car ? (overlayHit(h, car, r.params.attributesToRetrieve) as typeof h) : h;
    });
  }
  let facets = res.facets;
  if (facets && Object.keys(facets).length > 0) {
    const attrs = Object.keys(facets);
    const among = engine.search(
      r.indexName,
      {
        ...r.params,
        page: 0,
        hitsPerPage: Math.min(laid.cars.size, engine.settings.paginationLimitedTo),
        offset: undefined,
        length: undefined,
        attributesToRetrieve: ["id"],
        facets: attrs,
        maxValuesPerFacet: 1000,
      },
      [...mandatory, laid.all],
    );
    if (among.nbHits > 0) {
      const next: Record<string, Record<string, number>> = {};
      for (const a of attrs) next[a] = { ...facets[a] };
      for (const [a, counts] of Object.entries(among.facets ?? {}))
        for (const [v, c] of Object.entries(counts)) if (next[a]?.[v] !== undefined) next[a][v] -= c;
      for (const hit of among.hits) {
        const car = laid.cars.get(Number(hit.id ?? hit.objectID));
        if (!car) continue;
        for (const a of attrs) {
          const values = new Set(pathReader(a)(car).map(facetValue));
          for (const v of values) next[a][v] = (next[a][v] ?? 0) + 1;
        }
      }
      for (const a of attrs) for (const [v, c] of Object.entries(next[a])) if (c <= 0) delete next[a][v];
      facets = next;
    }
  }
  return hits === res.hits && facets === res.facets ? res : { ...res, hits, facets };
}

/** Tests: nothing laid over. */
export function resetStockOverlay(): void {
  const s = state();
  s.cars.clear();
  changed(s);
}
