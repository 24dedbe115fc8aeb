/**
 * The embedded search engine: an in-memory index over plain records that answers
 * Algolia-shaped search and facet-value-search requests.
 *
 * Design for speed (target p95 ≤ 5 ms at 100,000 records):
 *  - filters evaluate to bitsets from per-attribute columns (facet postings in flat
 *    typed arrays, numeric columns sorted for binary search); each filter's bitset is
 *    cached by its canonical text, so the tenant's base filter costs nothing after the
 *    first request;
 *  - text matching gives a bitset plus scores in an Int32Array (see text-index.ts);
 *  - facet counts are one pass over the hit documents' ordinals (or over the
 *    complement when most documents are hits), cached per (filters, query, attribute);
 *  - ranking walks a precomputed permutation (custom ranking or a replica's sort
 *    attribute) instead of sorting hit objects; only the page's records are turned
 *    into hit objects.
 * Columns are built lazily on first use and kept; `attributesForFaceting` and the text
 * index are built up front. What is searchable, faceted and ranked comes from index settings
 * in Algolia's form (runtime/search/index-settings.ts), the very ones pushed to Algolia.
 */
import { Bitset } from "./bitset";
import { SearchRequestError } from "./errors";
import {
  countFacets,
  FacetColumn,
  FacetColumnBuilder,
  NumericColumn,
  NumericColumnBuilder,
  type FacetColumnParts,
  type NumericColumnParts,
  type NumericStats,
} from "./facet-index";
import { formatFilter, type FilterNode } from "./filter-grammar";
import { buildHighlightResult, highlightString, searchableTree, type SearchableTree } from "./highlight";
import { LRUCache } from "lru-cache";
import {
  parseFacetAttribute,
  parseIndexName,
  parseRankingCriterion,
  parseSearchableAttribute,
  STOCK_INDEX_SETTINGS,
  STOCK_SORT_REPLICAS,
  type IndexSettings,
  type SortReplica,
} from "./index-settings";
import { encodeParams, type SearchParams } from "./request";
import { words as textWords } from "./text";
import { pathCollector, type Scalar } from "./record-path";
import { topK } from "./top-k";
import { TextIndex, TextIndexBuilder, type QueryWord, type TextIndexParts, type TextResult } from "./text-index";
import { FileRecords, arraySource, type RecordSource } from "./file-records";
import { drained, yieldToLoop } from "./yield-to-loop";

export interface EngineOptions {
  /** Searchable attributes, facets, ranking and limits (default: the stock index's). */
  settings?: IndexSettings;
  /** The sort replicas the index serves as {index}:{attribute}:{direction} (default: the stock index's). */
  replicas?: readonly SortReplica[];
  /** Entries per cache (filters, text queries, facet counts); 0 caches nothing. */
  cacheSize?: number;
  /** Build the text index and facet columns now rather than on first use (default true). */
  eager?: boolean;
}

export interface BackgroundBuildOptions extends EngineOptions {
  /**
   * Keep the records in an unlinked file (file-records.ts) instead of as objects on the heap:
   * each hit is read and parsed when returned. Then only attributes the settings declare (the
   * searchable attributes, attributesForFaceting and the custom ranking) can be searched,
   * filtered, counted or sorted on, as with Algolia's attributesForFaceting; an undeclared one
   * matches nothing instead of costing a pass over every record.
   */
  recordsInFile?: boolean;
  /**
   * With recordsInFile: the records already written to a file, in the same order (the stock
   * reader writes them as it reads the stock files): taken as they are instead of spooled again.
   * The engine then owns it (close() releases it).
   */
  recordsFile?: FileRecords;
  /**
   * Milliseconds of work per turn of the event loop before the build lets other work run
   * (default BUILD_TURN_MS). The build is checked every few dozen records.
   */
  turnBudgetMs?: number;
}

/**
 * How the server builds a dealer stock's index (runtime/inventory/stock-index.ts): the stock
 * index's settings and sort replicas, built in the background with the records moved to a file.
 * bench:search builds with these same options, so its figures are the production path's.
 */
export const STOCK_BUILD_OPTIONS: BackgroundBuildOptions = Object.freeze({
  settings: STOCK_INDEX_SETTINGS,
  replicas: STOCK_SORT_REPLICAS,
  recordsInFile: true,
});

/** How long the background build may hold the event loop at a time (the server's per-turn bound is about 50 ms). */
export const BUILD_TURN_MS = 10;

/** ORs of at least this many conditions are kept per node object (see evalNode). */
const LONG_OR = 16;

export interface HighlightResultValue {
  value: string;
  matchLevel: "none" | "partial" | "full";
  readonly matchedWords: readonly string[];
  fullyHighlighted?: boolean;
}

export interface SearchHit {
  objectID: string;
  _highlightResult: Record<string, unknown>;
  [key: string]: unknown;
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page?: number;
  nbPages?: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, NumericStats>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustiveTypo: boolean;
  exhaustive: { facetsCount: boolean; nbHits: boolean; typo: boolean };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetSearchResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  exhaustive: { facetsCount: boolean };
  processingTimeMS: number;
}

type SortSpec = SortReplica;

/** An LRU of at most `max` entries, or none when max is 0 (benchmarks measure the uncached work). */
function lru<V extends object>(max: number): LRUCache<string, V> | null {
  return max > 0 ? new LRUCache<string, V>({ max }) : null;
}

function getOrCreate<V extends object>(cache: LRUCache<string, V> | null, key: string, make: () => V): V {
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const made = make();
  cache?.set(key, made);
  return made;
}

interface Order {
  perm: Uint32Array;
  /** Position of each document in `perm`. */
  pos: Uint32Array;
  /** Group id per document: equal sort values share it (for text ties within a replica sort). */
  group: Float64Array | null;
}

interface HitSet {
  bits: Bitset | null;
  count: number;
  filterKey: string;
  text: TextResult | null;
  textKey: string;
}

/** Calls `fn` with each candidate document in rank order until it returns false. */
type InOrder = (fn: (doc: number) => boolean) => void;

/**
 * The smallest text score above `prev` among the hits (the sparse array, the set bits of
 * `words`, or every document when neither), or Infinity when there is none. A typed-array pass
 * with no allocation.
 */
function smallestScoreAbove(scores: Int32Array, prev: number, sparseDocs: Uint32Array | null, words: Uint32Array | null, n: number): number {
  let min = Infinity;
  if (sparseDocs) {
    for (let i = 0; i < sparseDocs.length; i++) {
      const sc = scores[sparseDocs[i]];
      if (sc > prev && sc < min) min = sc;
    }
  } else if (words) {
    for (let i = 0; i < words.length; i++) {
      let v = words[i];
      while (v !== 0) {
        const t = v & -v;
        const sc = scores[(i << 5) + (31 - Math.clz32(t))];
        v ^= t;
        if (sc > prev && sc < min) min = sc;
      }
    }
  } else {
    for (let d = 0; d < n; d++) if (scores[d] > prev && scores[d] < min) min = scores[d];
  }
  return min;
}

/**
 * Ranked positions [start, end) by text relevance first, then the custom ranking. Usually the
 * best score alone fills the page: find the smallest score among the hits, then walk the rank
 * order taking that score; repeat a few times, then fall back to bucketing every hit by score.
 */
function relevanceSlice(
  scores: Int32Array,
  forEachInOrder: InOrder,
  sparseDocs: Uint32Array | null,
  words: Uint32Array | null,
  n: number,
  start: number,
  end: number,
): number[] {
  const out: number[] = [];
  let prev = -Infinity;
  for (let round = 0; round < 3 && out.length < end; round++) {
    const min = smallestScoreAbove(scores, prev, sparseDocs, words, n);
    if (min === Infinity) return out.slice(start, end);
    forEachInOrder((doc) => {
      if (scores[doc] === min) out.push(doc);
      return out.length < end;
    });
    prev = min;
  }
  if (out.length >= end) return out.slice(start, end);
  const buckets = new Map<number, number[]>();
  let lastScore = NaN;
  let last: number[] = [];
  const need = end - out.length;
  forEachInOrder((doc) => {
    const sc = scores[doc];
    if (sc <= prev) return true;
    if (sc !== lastScore) {
      lastScore = sc;
      let b = buckets.get(sc);
      if (!b) buckets.set(sc, (b = []));
      last = b;
    }
    if (last.length < need) last.push(doc);
    return true;
  });
  const keys = [...buckets.keys()].sort((a, b) => a - b);
  for (const k of keys) {
    for (const d of buckets.get(k)!) {
      out.push(d);
      if (out.length >= end) return out.slice(start, end);
    }
  }
  return out.slice(start, end);
}

/** Ranked positions [start, end) of a replica: the sort attribute first, text relevance among equal values. */
function replicaSlice(scores: Int32Array, pos: Uint32Array, group: Float64Array, forEachInOrder: InOrder, start: number, end: number): number[] {
  const out: number[] = [];
  let run: number[] = [];
  let runKey = NaN;
  let runMissing = false;
  const byRelevance = (a: number, b: number) => scores[a] - scores[b] || pos[a] - pos[b];
  const flush = () => {
    // Only the part of the run that reaches the end of the page matters: a long run of
    // equal sort values (every white Toyota in a sort by make) gets a partial selection.
    const need = end - out.length;
    if (run.length > need) run = topK(run, need, byRelevance);
    else if (run.length > 1) run.sort(byRelevance);
    for (const d of run) out.push(d);
    run = [];
  };
  forEachInOrder((doc) => {
    const g = group[doc];
    const missing = g !== g;
    if (run.length && (missing !== runMissing || (!missing && g !== runKey))) {
      flush();
      if (out.length >= end) return false;
    }
    runKey = g;
    runMissing = missing;
    run.push(doc);
    return true;
  });
  flush();
  return out.slice(start, end);
}

export interface Engine {
  readonly size: number;
  /** The index settings the engine was built from. */
  readonly settings: IndexSettings;
  readonly replicas: readonly SortReplica[];
  /** Facet attributes `facets: ["*"]` counts (filter-only ones left out). */
  readonly attributesForFaceting: readonly string[];
  readonly searchableAttributes: readonly string[];
  /** Throws 404 when a replica's sort attribute does not exist in the records. */
  assertIndexServable(indexName: string): void;
  search(indexName: string, params: SearchParams, extraFilters?: ReadonlyArray<FilterNode | null>): SearchResponse;
  searchForFacetValues(indexName: string, params: SearchParams, extraFilters?: ReadonlyArray<FilterNode | null>): FacetSearchResponse;
  /** Documents (record positions) matching the filters, for tests and callers that need raw ids. */
  matchingDocuments(filters: ReadonlyArray<FilterNode | null>): Uint32Array;
  /** The record at a position (null: it can no longer be read as indexed, see RecordSource). */
  record(doc: number): Record<string, unknown> | null;
  /** Releases what the engine holds outside the heap; it must not be searched afterwards. */
  close(): void;
}

/**
 * What an engine's up-front build made (the text index, the facet and numeric columns, which
 * attribute paths the records have), without the records: runtime/search/serialise.ts stores it,
 * and `restoreEngineInBackground` puts it back over the same records instead of building.
 */
export interface EngineIndexParts {
  size: number;
  builtPaths: string[];
  text: TextIndexParts;
  facets: FacetColumnParts[];
  numerics: NumericColumnParts[];
}

class EmbeddedEngine implements Engine {
  readonly size: number;
  /** The records as objects while they are kept so; null once they are in a file (then only `source` has them). */
  private objects: readonly Record<string, unknown>[] | null;
  private source: RecordSource;
  /** With the records in a file: the attribute paths the eager build found values at. */
  private builtPaths: ReadonlySet<string> | null = null;
  readonly settings: IndexSettings;
  readonly replicas: readonly SortReplica[];
  readonly attributesForFaceting: readonly string[];
  readonly searchableAttributes: readonly string[];
  /** Every facet column built up front, filter-only ones included. */
  private readonly facetAttributes: readonly string[];
  /** Facets whose values a facet-value search may search (`searchable(x)`). */
  private readonly searchableFacets: ReadonlySet<string>;
  private readonly facetColumns = new Map<string, FacetColumn>();
  private readonly numericColumns = new Map<string, NumericColumn>();
  private textIndex: TextIndex | null = null;
  private readonly filterCache: LRUCache<string, { bits: Bitset; count: number }> | null;
  /** Bitsets of long ORs by node (filter nodes are never changed once made). */
  private readonly longOrs = new WeakMap<FilterNode, Bitset>();
  private readonly leafCache: LRUCache<string, Bitset> | null;
  private readonly textCache: LRUCache<string, TextResult> | null;
  private readonly countCache: LRUCache<string, Uint32Array> | null;
  private readonly statsCache: LRUCache<string, { stats: NumericStats | null }> | null;
  private readonly orders = new Map<string, Order>();
  private readonly customRanking: SortSpec;
  private readonly searchablePaths: Set<string>;
  private readonly searchableMemo = new Map<string, boolean>();
  private readonly searchableTree: SearchableTree;
  /** Attribute paths known to be present (or absent) in the records: columns are only built for present ones. */
  private readonly knownMemo = new Map<string, boolean>();

  /** Over records as objects, or over records already in a file (then only what the build indexed can be searched). */
  constructor(records: readonly Record<string, unknown>[] | FileRecords, options: EngineOptions = {}) {
    if (records instanceof FileRecords) {
      this.objects = null;
      this.source = records;
    } else {
      this.objects = records;
      this.source = arraySource(records);
    }
    this.size = records.length;
    this.settings = options.settings ?? STOCK_INDEX_SETTINGS;
    this.replicas = options.replicas ?? STOCK_SORT_REPLICAS;
    this.searchableAttributes = this.settings.searchableAttributes.map(parseSearchableAttribute);
    const facets = this.settings.attributesForFaceting.map(parseFacetAttribute);
    this.facetAttributes = facets.map((f) => f.attribute);
    this.attributesForFaceting = facets.filter((f) => f.modifier !== "filterOnly").map((f) => f.attribute);
    this.searchableFacets = new Set(facets.filter((f) => f.modifier === "searchable").map((f) => f.attribute));
    this.customRanking = buildPlan(this.settings).customRanking;
    this.searchablePaths = new Set(this.searchableAttributes);
    this.searchableTree = searchableTree(this.searchablePaths);
    const cacheSize = options.cacheSize ?? 128;
    this.filterCache = lru(cacheSize);
    this.leafCache = lru(cacheSize * 2);
    this.textCache = lru(Math.max(4, cacheSize >> 3));
    this.countCache = lru(cacheSize);
    this.statsCache = lru(cacheSize);
    if (options.eager !== false && this.objects) {
      const build = new IndexBuild(buildPlan(this.settings), this.size);
      build.add(this.objects);
      this.adopt(drained(build.finish()));
      this.order(null);
    }
  }

  /** Takes what an up-front build made (IndexBuild.finish). */
  adopt(built: BuiltIndex): void {
    if (built.size !== this.size) throw new Error(`the index was built over ${built.size} records, the engine has ${this.size}`);
    this.builtPaths = built.paths;
    this.textIndex = built.text;
    for (const c of built.facets) this.facetColumns.set(c.attribute, c);
    for (const c of built.numerics) this.numericColumns.set(c.attribute, c);
  }

  /** What the up-front build made (see EngineIndexParts); only for an engine built up front. */
  indexParts(): EngineIndexParts {
    if (!this.builtPaths || !this.textIndex) throw new Error("only an index built up front (createEngine, EngineBuilder) can be stored");
    return {
      size: this.size,
      builtPaths: [...this.builtPaths],
      text: this.textIndex.parts(),
      facets: [...this.facetColumns.values()].map((c) => c.parts()),
      numerics: [...this.numericColumns.values()].map((c) => c.parts()),
    };
  }

  /** Takes a stored build's parts instead of building. */
  async restoreInBackground(parts: EngineIndexParts): Promise<void> {
    if (parts.size !== this.size) throw new Error(`the stored index has ${parts.size} records, the stock ${this.size}`);
    this.builtPaths = new Set(parts.builtPaths);
    for (const p of parts.builtPaths) this.knownMemo.set(p, true);
    this.textIndex = TextIndex.restore(parts.text);
    for (const f of parts.facets) this.facetColumns.set(f.attribute, FacetColumn.restore(f));
    for (const n of parts.numerics) this.numericColumns.set(n.attribute, NumericColumn.restore(n));
    this.order(null);
    await yieldToLoop();
  }

  /** Releases the records' file, if any (an index that has been replaced). */
  close(): void {
    if (this.source instanceof FileRecords) this.source.close();
  }

  record(doc: number): Record<string, unknown> | null {
    return this.source.get(doc);
  }

  // ---- columns -------------------------------------------------------------------

  /**
   * Whether some record has a scalar at the path (as a walk of every record's keys,
   * arrays included, would list it, to depth 6). Answered lazily per path and kept:
   * present paths are usually found in the first record; proving a path absent reads
   * only the keys along that path in each record.
   */
  private isKnown(path: string): boolean {
    if (!this.objects) return this.builtPaths?.has(path) ?? false;
    let v = this.knownMemo.get(path);
    if (v === undefined) {
      v = false;
      if (path !== "") {
        for (let i = 0; i < this.size; i++) {
          if (hasScalarAt(this.objects[i], path, 0)) {
            v = true;
            break;
          }
        }
      }
      if (this.knownMemo.size >= 10_000) this.knownMemo.clear();
      this.knownMemo.set(path, v);
    }
    return v;
  }

  private facetColumn(attribute: string): FacetColumn {
    let c = this.facetColumns.get(attribute);
    if (!c) {
      // Records in a file: a column not built up front stays empty (see BackgroundBuildOptions.recordsInFile).
      if (!this.objects) this.warnUndeclared(attribute);
      if (!this.objects || !this.isKnown(attribute)) return new FacetColumn([], attribute);
      c = new FacetColumn(this.objects, attribute);
      this.facetColumns.set(attribute, c);
    }
    return c;
  }

  private readonly warned = new Set<string>();

  /** Says once per attribute that a filter on it matches nothing, so a missing declaration is found, not guessed at. */
  private warnUndeclared(attribute: string): void {
    if (this.warned.has(attribute) || this.warned.size > 100) return;
    // Declared but in no record (a caravan field in a car-only stock): nothing to say.
    if (this.facetAttributes.includes(attribute) || attribute === this.customRanking.attribute) return;
    this.warned.add(attribute);
    console.warn(
      `[search] '${attribute.slice(0, 80)}' is not declared in the index settings (attributesForFaceting): filtering or counting on it matches nothing`,
    );
  }

  private numericColumn(attribute: string): NumericColumn {
    let c = this.numericColumns.get(attribute);
    if (!c) {
      if (!this.objects) this.warnUndeclared(attribute);
      if (!this.objects || !this.isKnown(attribute)) return new NumericColumn([], attribute);
      c = new NumericColumn(this.objects, attribute);
      this.numericColumns.set(attribute, c);
    }
    return c;
  }

  private text(): TextIndex {
    if (!this.textIndex) this.textIndex = new TextIndex(this.objects ?? [], this.searchableAttributes);
    return this.textIndex;
  }

  private isSearchable = (path: string): boolean => {
    let v = this.searchableMemo.get(path);
    if (v === undefined) {
      v = false;
      let p = path;
      for (;;) {
        if (this.searchablePaths.has(p)) {
          v = true;
          break;
        }
        const dot = p.lastIndexOf(".");
        if (dot < 0) break;
        p = p.slice(0, dot);
      }
      this.searchableMemo.set(path, v);
    }
    return v;
  };

  // ---- ordering ------------------------------------------------------------------

  order(sort: SortSpec | null): Order {
    const spec = sort ?? this.customRanking;
    const key = `${spec.attribute}:${spec.direction}:${sort ? "r" : "d"}`;
    let o = this.orders.get(key);
    if (o) return o;
    const n = this.size;
    const base = sort ? this.order(null) : null;
    const num = this.numericColumn(spec.attribute);
    const sign = spec.direction === "asc" ? 1 : -1;
    if (sort && !this.isKnown(sort.attribute)) throw new SearchRequestError("Index does not exist", 404);
    let group: Float64Array;
    if (!num.isEmpty) {
      group = num.first;
    } else if (!sort) {
      group = new Float64Array(n).fill(NaN);
    } else {
      // String sort: rank the distinct values.
      const col = this.facetColumn(spec.attribute);
      const ordRank = new Float64Array(col.distinctCount);
      const byValue = col.values.map((v, i) => [v.toLowerCase(), i] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      let r = 0;
      byValue.forEach(([v], i) => {
        if (i > 0 && v !== byValue[i - 1][0]) r++;
        ordRank[byValue[i][1]] = r;
      });
      group = new Float64Array(n).fill(NaN);
      for (let d = 0; d < n; d++) {
        const ord = col.firstOrdinal(d);
        if (ord >= 0) group[d] = ordRank[ord];
      }
    }
    const tie = base ? base.pos : null;
    const perm = new Uint32Array(n);
    for (let i = 0; i < n; i++) perm[i] = i;
    perm.sort((a, b) => {
      const va = group[a];
      const vb = group[b];
      const ma = va !== va;
      const mb = vb !== vb;
      if (ma !== mb) return ma ? 1 : -1;
      if (!ma && va !== vb) return (va - vb) * sign;
      return tie ? tie[a] - tie[b] : a - b;
    });
    const pos = new Uint32Array(n);
    for (let i = 0; i < n; i++) pos[perm[i]] = i;
    o = { perm, pos, group: sort ? group : null };
    this.orders.set(key, o);
    return o;
  }

  assertIndexServable(indexName: string): void {
    const { sort } = parseIndexName(indexName);
    if (!sort) return;
    // As on Algolia, only the configured replicas exist.
    if (!this.replicas.some((r) => r.attribute === sort.attribute && r.direction === sort.direction)) throw new SearchRequestError("Index does not exist", 404);
    if (!this.isKnown(sort.attribute)) throw new SearchRequestError("Index does not exist", 404);
    if (this.numericColumn(sort.attribute).isEmpty && this.facetColumn(sort.attribute).distinctCount === 0) {
      throw new SearchRequestError("Index does not exist", 404);
    }
  }

  // ---- filters -------------------------------------------------------------------

  /**
   * Evaluate a filter to a bitset. Leaves (one facet value, one comparison) are cached
   * on their own: InstantSearch sends the same refinements in several queries of one
   * interaction (the main query and one per refined disjunctive facet). Returned
   * bitsets may be shared with the cache: never mutate them.
   */
  private evalNode(node: FilterNode): Bitset {
    switch (node.type) {
      case "facet":
      case "numeric":
      case "range":
        return getOrCreate(this.leafCache, formatFilter(node), () => this.evalLeaf(node));
      case "not":
        return this.evalNode(node.child).not();
      case "and": {
        const children = mergeRanges(node.children, (a) => this.isKnown(a) && this.numericColumn(a).single !== null);
        if (children.length === 1) return this.evalNode(children[0]);
        const acc = this.evalNode(children[0]).clone();
        for (let i = 1; i < children.length; i++) acc.andInPlace(this.evalNode(children[i]));
        return acc;
      }
      case "or": {
        // A long OR (a set of ids laid over the index, runtime/search/stock-overlay.ts) is built
        // once per node: its callers hand the same node object to every request.
        const long = node.children.length >= LONG_OR;
        const known = long ? this.longOrs.get(node) : undefined;
        if (known) return known;
        const acc = this.evalNode(node.children[0]).clone();
        for (let i = 1; i < node.children.length; i++) acc.orInPlace(this.evalNode(node.children[i]));
        if (long) this.longOrs.set(node, acc);
        return acc;
      }
    }
  }

  private evalLeaf(node: FilterNode & { type: "facet" | "numeric" | "range" }): Bitset {
    const known = this.isKnown(node.attribute);
    switch (node.type) {
      case "facet":
        return known ? this.facetColumn(node.attribute).bitsFor(node.value) : new Bitset(this.size);
      case "numeric":
        if (!known) return node.op === "!=" ? Bitset.full(this.size) : new Bitset(this.size);
        return this.numericColumn(node.attribute).compareBits(node.op, node.value);
      case "range":
        return known ? this.numericColumn(node.attribute).rangeBits(node.low, node.high) : new Bitset(this.size);
    }
  }

  private filterEntry(node: FilterNode): { key: string; bits: Bitset; count: number } {
    const key = formatFilter(node);
    const e = getOrCreate(this.filterCache, key, () => {
      const bits = this.evalNode(node);
      return { bits, count: bits.count() };
    });
    return { key, ...e };
  }

  /** AND of several filters (each cached), itself cached by the combined key. */
  private combinedFilter(filters: ReadonlyArray<FilterNode | null | undefined>): { key: string; bits: Bitset | null; count: number } {
    const parts = filters.filter((f): f is FilterNode => !!f).map((f) => this.filterEntry(f));
    if (parts.length === 0) return { key: "", bits: null, count: this.size };
    if (parts.length === 1) return parts[0];
    const key = parts.map((p) => `(${p.key})`).join(" AND ");
    const e = getOrCreate(this.filterCache, key, () => {
      const bits = parts[0].bits.clone();
      for (let i = 1; i < parts.length; i++) bits.andInPlace(parts[i].bits);
      return { bits, count: bits.count() };
    });
    return { key, ...e };
  }

  private hitSet(query: string, filters: ReadonlyArray<FilterNode | null | undefined>): HitSet {
    const f = this.combinedFilter(filters);
    const ws = TextIndex.queryWords(query);
    if (ws.length === 0) return { bits: f.bits, count: f.count, filterKey: f.key, text: null, textKey: "" };
    const textKey = ws.join(" ");
    const text = getOrCreate(this.textCache, textKey, () => this.text().search(query)!);
    const bits = f.bits ? f.bits.and(text.bits) : text.bits;
    return { bits, count: f.bits ? bits.count() : text.count, filterKey: f.key, text, textKey };
  }

  matchingDocuments(filters: ReadonlyArray<FilterNode | null>): Uint32Array {
    const f = this.combinedFilter(filters);
    return f.bits ? f.bits.toArray() : Uint32Array.from({ length: this.size }, (_, i) => i);
  }

  // ---- ranking -------------------------------------------------------------------

  /** Documents at ranked positions [start, end). */
  private rankedSlice(hs: HitSet, sort: SortSpec | null, start: number, end: number): number[] {
    if (end <= start || hs.count === 0) return [];
    const order = this.order(sort);
    const { perm, pos } = order;
    const bits = hs.bits;
    const n = this.size;
    // Candidates in order: sorted sparse array, or a walk of the permutation.
    // Walking the permutation with a bit test is a tight typed-array loop (and stops early
    // without text); sorting hits with a comparator only pays off when they are very few.
    const sparse = bits !== null && hs.count * 256 < n;
    let sparseDocs: Uint32Array | null = null;
    if (sparse) sparseDocs = bits!.toArray().sort((a, b) => pos[a] - pos[b]);
    const forEachInOrder: InOrder = (fn) => {
      if (sparseDocs) {
        for (let i = 0; i < sparseDocs.length; i++) if (!fn(sparseDocs[i])) return;
        return;
      }
      const w = bits?.words;
      for (let i = 0; i < n; i++) {
        const doc = perm[i];
        if (w && (w[doc >>> 5] & (1 << (doc & 31))) === 0) continue;
        if (!fn(doc)) return;
      }
    };
    if (!hs.text) {
      const out: number[] = [];
      let seen = 0;
      forEachInOrder((doc) => {
        if (seen >= start) out.push(doc);
        seen++;
        return seen < end;
      });
      return out;
    }
    if (!sort) return relevanceSlice(hs.text.scores, forEachInOrder, sparseDocs, bits ? bits.words : null, n, start, end);
    return replicaSlice(hs.text.scores, pos, order.group!, forEachInOrder, start, end);
  }

  // ---- facets --------------------------------------------------------------------

  private countKey(hs: HitSet, attribute: string): string {
    return `${hs.filterKey}\u0001${hs.textKey}\u0001${attribute}`;
  }

  private counts(hs: HitSet, attribute: string): Uint32Array {
    return getOrCreate(this.countCache, this.countKey(hs, attribute), () => this.facetColumn(attribute).count(hs.bits, hs.count));
  }

  private stats(hs: HitSet, attribute: string): NumericStats | null {
    const key = `${hs.filterKey}\u0001${hs.textKey}\u0001${attribute}`;
    return getOrCreate(this.statsCache, key, () => {
      const col = this.numericColumn(attribute);
      return { stats: col.isEmpty ? null : col.stats(hs.bits, hs.count) };
    }).stats;
  }

  /** The `limit` values with the highest counts (ties by value), as display pairs. */
  private topValues(col: FacetColumn, counts: Uint32Array, limit: number, alpha: boolean): Array<[string, number]> {
    const merged = new Map<string, number>();
    const pick: number[] = [];
    if (!alpha && counts.length > limit * 4) {
      // Threshold by a count histogram so that only candidates get sorted.
      let max = 0;
      for (let o = 0; o < counts.length; o++) if (counts[o] > max) max = counts[o];
      const hist = new Uint32Array(max + 1);
      for (let o = 0; o < counts.length; o++) hist[counts[o]]++;
      let acc = 0;
      let threshold = 1;
      for (let c = max; c >= 1; c--) {
        acc += hist[c];
        if (acc >= limit) {
          threshold = c;
          break;
        }
      }
      for (let o = 0; o < counts.length; o++) if (counts[o] >= threshold && counts[o] > 0) pick.push(o);
    } else {
      for (let o = 0; o < counts.length; o++) if (counts[o] > 0) pick.push(o);
    }
    for (const o of pick) merged.set(col.values[o], (merged.get(col.values[o]) ?? 0) + counts[o]);
    const entries = [...merged];
    entries.sort(alpha ? (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) : (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return entries.slice(0, limit);
  }

  // ---- public API ----------------------------------------------------------------

  search(indexName: string, params: SearchParams, extraFilters: ReadonlyArray<FilterNode | null> = []): SearchResponse {
    const t0 = performance.now();
    this.assertIndexServable(indexName);
    const { sort } = parseIndexName(indexName);
    const hs = this.hitSet(params.query, [...extraFilters, params.filter]);
    const offsetMode = params.offset !== undefined;
    const hitsPerPage = params.hitsPerPage;
    let start: number;
    let end: number;
    if (offsetMode) {
      start = params.offset!;
      end = start + (params.length ?? hitsPerPage);
    } else {
      start = params.page * hitsPerPage;
      end = start + hitsPerPage;
    }
    const reachable = this.settings.paginationLimitedTo;
    end = Math.min(end, reachable, hs.count);
    const docs = start < end ? this.rankedSlice(hs, sort, start, end) : [];
    const words: QueryWord[] | null = hs.text ? hs.text.words : null;
    // A hit whose record can no longer be read as indexed (a stock file rewritten in place, until
    // the next build) is left out of the page rather than shown empty.
    const hits: SearchHit[] = [];
    for (const doc of docs) {
      const hit = this.hitObject(doc, params, words);
      if (hit) hits.push(hit);
    }

    const response: SearchResponse = {
      hits,
      nbHits: hs.count,
      ...(offsetMode
        ? { offset: params.offset, length: params.length ?? hitsPerPage }
        : { page: params.page, nbPages: hitsPerPage > 0 ? Math.ceil(Math.min(hs.count, reachable) / hitsPerPage) : 0 }),
      hitsPerPage,
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { facetsCount: true, nbHits: true, typo: true },
      query: params.query,
      params: encodeParams(params.raw),
      index: indexName,
      processingTimeMS: 0,
    };

    if (params.facets.length > 0) {
      const star = params.facets.includes("*");
      const attrs = star ? [...new Set([...this.attributesForFaceting, ...params.facets.filter((f) => f !== "*")])] : [...new Set(params.facets)];
      const limit = params.maxValuesPerFacet ?? this.settings.maxValuesPerFacet;
      const facets: Record<string, Record<string, number>> = {};
      const stats: Record<string, NumericStats> = {};
      // Count the facets missing from the cache in one pass over the hits.
      const usable = attrs.filter((a) => this.facetColumn(a).distinctCount > 0);
      const missing = usable.filter((a) => this.countCache?.get(this.countKey(hs, a)) === undefined);
      // Kept here too: a small cache may already have evicted some of them.
      const fresh = new Map<string, Uint32Array>();
      if (missing.length > 1) {
        const counted = countFacets(
          missing.map((a) => this.facetColumn(a)),
          hs.bits,
          hs.count,
        );
        missing.forEach((a, i) => {
          fresh.set(a, counted[i]);
          this.countCache?.set(this.countKey(hs, a), counted[i]);
        });
      }
      for (const attr of usable) {
        const col = this.facetColumn(attr);
        const counts = fresh.get(attr) ?? this.counts(hs, attr);
        const top = this.topValues(col, counts, limit, params.sortFacetValuesBy === "alpha");
        const obj: Record<string, number> = {};
        for (const [v, c] of top) obj[v] = c;
        facets[attr] = obj;
        const s = this.stats(hs, attr);
        if (s) stats[attr] = s;
      }
      response.facets = facets;
      if (Object.keys(stats).length) response.facets_stats = stats;
    }
    response.processingTimeMS = Math.round(performance.now() - t0);
    return response;
  }

  private hitObject(doc: number, params: SearchParams, words: QueryWord[] | null): SearchHit | null {
    const rec = this.source.get(doc);
    if (!rec) return null;
    let hit: Record<string, unknown>;
    const retrieve = params.attributesToRetrieve;
    if (retrieve && !retrieve.includes("*")) {
      hit = {};
      for (const a of retrieve) {
        const top = a.split(".")[0];
        if (Object.prototype.hasOwnProperty.call(rec, top)) hit[top] = rec[top];
      }
    } else {
      hit = { ...rec };
    }
    const id = rec.objectID ?? rec.id;
    hit.objectID = id === undefined || id === null ? String(doc) : String(id);
    hit._highlightResult = buildHighlightResult(retrieve && !retrieve.includes("*") ? hit : rec, {
      words,
      isSearchable: this.isSearchable,
      searchableTree: this.searchableTree,
      attributes: params.attributesToHighlight ?? null,
      preTag: params.highlightPreTag,
      postTag: params.highlightPostTag,
    });
    return hit as SearchHit;
  }

  searchForFacetValues(indexName: string, params: SearchParams, extraFilters: ReadonlyArray<FilterNode | null> = []): FacetSearchResponse {
    const t0 = performance.now();
    this.assertIndexServable(indexName);
    const facet = params.facet;
    if (!facet) throw new SearchRequestError("facet: missing for a facet search");
    // Algolia's rule and wording: only facets declared searchable(x) can be searched.
    if (!this.searchableFacets.has(facet))
      throw new SearchRequestError(`Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
    const hs = this.hitSet(params.query, [...extraFilters, params.filter]);
    const col = this.facetColumn(facet);
    const counts = this.counts(hs, facet);
    const qwords = textWords(params.facetQuery).slice(0, 10);
    const tokens = qwords.length ? col.valueTokens(textWords) : null;
    const candidates: number[] = [];
    for (let o = 0; o < counts.length; o++) {
      if (counts[o] === 0) continue;
      if (tokens) {
        const toks = tokens[o];
        let ok = true;
        for (const q of qwords) {
          if (!toks.some((t) => t.startsWith(q))) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
      }
      candidates.push(o);
    }
    const merged = new Map<string, { count: number; ord: number }>();
    for (const o of candidates) {
      const v = col.values[o];
      const m = merged.get(v);
      if (m) m.count += counts[o];
      else merged.set(v, { count: counts[o], ord: o });
    }
    const entries = [...merged].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, params.maxFacetHits);
    const facetHits: FacetHit[] = entries.map(([value, { count, ord }]) => {
      let highlighted = value;
      if (tokens) {
        const words: QueryWord[] = qwords.map((q, i) => {
          const terms = new Map<string, { typos: number; prefix: boolean }>();
          for (const t of tokens[ord]) if (t.startsWith(q)) terms.set(t, { typos: 0, prefix: t !== q });
          return { word: q, isLast: i === qwords.length - 1, terms };
        });
        highlighted = highlightString(value, words, params.highlightPreTag, params.highlightPostTag).value;
      }
      return { value, highlighted, count };
    });
    return {
      facetHits,
      exhaustiveFacetsCount: true,
      exhaustive: { facetsCount: true },
      processingTimeMS: Math.round(performance.now() - t0),
    };
  }
}

/**
 * Within an AND, fold `attr >= a` and `attr <= b` on the same single-valued attribute
 * into one range `attr:a TO b` (equivalent only when each record has one value), so
 * that a price slider costs one range scan instead of two half-open ones.
 */
function mergeRanges(children: FilterNode[], singleValued: (attribute: string) => boolean): FilterNode[] {
  const lows = new Map<string, number>();
  const highs = new Map<string, number>();
  for (const c of children) {
    if (c.type !== "numeric") continue;
    if (c.op === ">=") lows.set(c.attribute, Math.max(lows.get(c.attribute) ?? -Infinity, c.value));
    if (c.op === "<=") highs.set(c.attribute, Math.min(highs.get(c.attribute) ?? Infinity, c.value));
  }
  const both = [...lows.keys()].filter((a) => highs.has(a) && singleValued(a));
  if (both.length === 0) return children;
  const out: FilterNode[] = [];
  for (const c of children) {
    if (c.type === "numeric" && (c.op === ">=" || c.op === "<=") && both.includes(c.attribute)) continue;
    out.push(c);
  }
  for (const a of both) out.push({ type: "range", attribute: a, low: lows.get(a)!, high: highs.get(a)! });
  return out;
}

/**
 * Whether `v` (reached at `depth`) has a scalar leaf at the dot path `rest`, arrays
 * anywhere being transparent. Keys may themselves contain dots, so each dot-prefix of
 * `rest` is tried as a key.
 */
function hasScalarAt(v: unknown, rest: string, depth: number): boolean {
  if (v === null || v === undefined || depth > 6) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (hasScalarAt(v[i], rest, depth + 1)) return true;
    return false;
  }
  if (typeof v !== "object") return rest === "";
  if (rest === "") return false;
  const o = v as Record<string, unknown>;
  let dot = -1;
  for (;;) {
    dot = rest.indexOf(".", dot + 1);
    const k = dot < 0 ? rest : rest.slice(0, dot);
    if (Object.prototype.hasOwnProperty.call(o, k) && hasScalarAt(o[k], dot < 0 ? "" : rest.slice(dot + 1), depth + 1)) return true;
    if (dot < 0) return false;
  }
}

/** Which attributes the up-front build indexes, as the settings declare them. */
interface BuildPlan {
  facetAttrs: string[];
  textAttrs: string[];
  numericAttrs: string[];
  customRanking: SortSpec;
}

function buildPlan(settings: IndexSettings): BuildPlan {
  // The embedded engine ranks by one custom attribute after text relevance.
  if (settings.customRanking.length !== 1) throw new Error("the embedded engine takes exactly one customRanking criterion");
  const customRanking = parseRankingCriterion(settings.customRanking[0]);
  const facetAttrs = [...new Set(settings.attributesForFaceting.map((f) => parseFacetAttribute(f).attribute))];
  return {
    facetAttrs,
    textAttrs: settings.searchableAttributes.map(parseSearchableAttribute),
    numericAttrs: [...new Set([...facetAttrs, customRanking.attribute])],
    customRanking,
  };
}

/** What an up-front build made: the text index and the columns, over `size` records. */
interface BuiltIndex {
  size: number;
  /** The attribute paths some record has a value at (only those get columns). */
  paths: Set<string>;
  text: TextIndex;
  facets: FacetColumn[];
  numerics: NumericColumn[];
}

/**
 * The text index, the facet columns of `attributesForFaceting` and the numeric columns of those
 * and of the custom ranking, fed from one pass over the records (reading a record is a handful of
 * cache misses, paid once instead of once per attribute), a batch at a time: the records are
 * numbered in the order they are added, and none is kept. The stock reader's batches are added as
 * they arrive (EngineBuilder), so a build no longer holds every car until it starts.
 */
class IndexBuild {
  private n = 0;
  private readonly plan: BuildPlan;
  private readonly collectors: ReturnType<typeof pathCollector>[];
  private readonly paths: string[];
  // Every path's values of the current record go into one buffer: path p's are buf[from[p] .. to[p]).
  private readonly buf: Scalar[] = [];
  private readonly from: Uint32Array;
  private readonly to: Uint32Array;
  private readonly seen: Uint8Array;
  private readonly facetBuilders: FacetColumnBuilder[];
  private readonly facetSlots: Uint32Array;
  private readonly numericBuilders: NumericColumnBuilder[];
  private readonly numericSlots: Uint32Array;
  private readonly textBuilder: TextIndexBuilder;
  private readonly textSlots: Uint32Array;
  private readonly textFrom: Uint32Array;
  private readonly textTo: Uint32Array;

  /** `expected`: the number of records when known (the builders' arrays are then made once at that size). */
  constructor(plan: BuildPlan, expected = 0) {
    this.plan = plan;
    const { facetAttrs, textAttrs, numericAttrs } = plan;
    this.paths = [...new Set([...facetAttrs, ...textAttrs, ...numericAttrs])];
    const slot = new Map(this.paths.map((p, i) => [p, i]));
    this.collectors = this.paths.map(pathCollector);
    this.from = new Uint32Array(this.paths.length);
    this.to = new Uint32Array(this.paths.length);
    this.seen = new Uint8Array(this.paths.length);
    this.facetBuilders = facetAttrs.map((a) => new FacetColumnBuilder(a, expected));
    this.facetSlots = Uint32Array.from(facetAttrs, (a) => slot.get(a)!);
    this.numericBuilders = numericAttrs.map((a) => new NumericColumnBuilder(a, expected));
    this.numericSlots = Uint32Array.from(numericAttrs, (a) => slot.get(a)!);
    this.textBuilder = new TextIndexBuilder(expected, textAttrs.length);
    this.textSlots = Uint32Array.from(textAttrs, (a) => slot.get(a)!);
    this.textFrom = new Uint32Array(textAttrs.length);
    this.textTo = new Uint32Array(textAttrs.length);
  }

  /** The records added so far. */
  get size(): number {
    return this.n;
  }

  /** Indexes records[start .. end) as the next documents. */
  add(records: readonly Record<string, unknown>[], start = 0, end = records.length): void {
    const { buf, from, to, seen, collectors, facetBuilders, facetSlots, numericBuilders, numericSlots, textSlots, textFrom, textTo } = this;
    for (let r = start; r < end; r++) {
      const doc = this.n++;
      const rec = records[r];
      buf.length = 0;
      for (let p = 0; p < collectors.length; p++) {
        from[p] = buf.length;
        collectors[p](rec, buf);
        to[p] = buf.length;
        if (to[p] > from[p]) seen[p] = 1;
      }
      for (let i = 0; i < facetBuilders.length; i++) {
        const p = facetSlots[i];
        if (to[p] > from[p]) facetBuilders[i].add(doc, buf, from[p], to[p]);
      }
      for (let i = 0; i < numericBuilders.length; i++) {
        const p = numericSlots[i];
        if (to[p] > from[p]) numericBuilders[i].add(doc, buf, from[p], to[p]);
      }
      for (let i = 0; i < textSlots.length; i++) {
        textFrom[i] = from[textSlots[i]];
        textTo[i] = to[textSlots[i]];
      }
      this.textBuilder.addDoc(doc, buf, textFrom, textTo);
    }
    buf.length = 0;
  }

  /**
   * The index of the records added, finished in steps: "stage" between stages, "step" within one
   * (a background build lets other work run at every stage and whenever a turn has used its budget).
   */
  *finish(): Generator<"stage" | "step", BuiltIndex> {
    const n = this.n;
    const { facetAttrs, textAttrs, numericAttrs } = this.plan;
    for (const b of this.facetBuilders) b.setSize(n);
    for (const b of this.numericBuilders) b.setSize(n);
    this.textBuilder.setSize(n);
    const seenAt = new Map(this.paths.map((p, i) => [p, this.seen[i] === 1]));
    const paths = new Set(this.paths.filter((_, p) => this.seen[p] === 1));
    yield "stage";
    // Finished in slices: at once it held the event loop for about 300 ms at 100,000 cars.
    const building = TextIndex.building(textAttrs, this.textBuilder);
    let step = building.next();
    while (!step.done) {
      yield "step";
      step = building.next();
    }
    const text = step.value;
    yield "stage";
    const facets: FacetColumn[] = [];
    for (let i = 0; i < facetAttrs.length; i++) {
      if (seenAt.get(facetAttrs[i])) facets.push(new FacetColumn([], facetAttrs[i], this.facetBuilders[i]));
      yield "step";
    }
    const numerics: NumericColumn[] = [];
    for (let i = 0; i < numericAttrs.length; i++) {
      if (seenAt.get(numericAttrs[i])) numerics.push(new NumericColumn([], numericAttrs[i], this.numericBuilders[i]));
      yield "step";
    }
    return { size: n, paths, text, facets, numerics };
  }
}

/** Build an engine over the records (once; the records must not be mutated afterwards). */
export function createEngine(records: readonly Record<string, unknown>[], options: EngineOptions = {}): Engine {
  return new EmbeddedEngine(records, options);
}

/**
 * An engine built in the background from records given a batch at a time, as the stock reader
 * reads them (runtime/inventory/stock-index.ts): each batch is indexed as it arrives, while the
 * reader thread reads the next on the other core, and dropped. With `recordsInFile` the builder
 * keeps no record: `finish` takes the file the same records were written to, in the same order;
 * otherwise it keeps them as the engine's records. A build abandoned midway (a stock file that
 * fails to read) is simply dropped: nothing of it is served.
 */
export class EngineBuilder {
  private readonly build: IndexBuild;
  private readonly kept: Record<string, unknown>[] | null;
  private finished = false;

  constructor(private readonly options: BackgroundBuildOptions = {}) {
    this.build = new IndexBuild(buildPlan(options.settings ?? STOCK_INDEX_SETTINGS));
    this.kept = options.recordsInFile ? null : [];
  }

  /** The records added so far. */
  get size(): number {
    return this.build.size;
  }

  /** Indexes a batch as the next records, letting other work run whenever a turn has used its budget. */
  async add(records: readonly Record<string, unknown>[]): Promise<void> {
    if (this.finished) throw new Error("records added to a finished build");
    const budget = this.options.turnBudgetMs ?? BUILD_TURN_MS;
    let turn = performance.now();
    for (let i = 0; i < records.length; i += BUILD_STEP_RECORDS) {
      this.build.add(records, i, Math.min(records.length, i + BUILD_STEP_RECORDS));
      if (performance.now() - turn >= budget) {
        await yieldToLoop();
        turn = performance.now();
      }
    }
    if (this.kept) for (const r of records) this.kept.push(r);
  }

  /** The engine over the records added (with `recordsInFile`, read from `file`), finished in slices. */
  async finish(file?: FileRecords): Promise<Engine> {
    if (this.finished) throw new Error("a build finished twice");
    this.finished = true;
    const size = this.build.size;
    if (this.kept === null && !file) throw new Error("a build with its records in a file needs that file to finish");
    if (file && file.length !== size) throw new Error(`the records' file holds ${file.length} records, the stock ${size}`);
    const engine = new EmbeddedEngine(this.kept ?? file!, { ...this.options, eager: false });
    const budget = this.options.turnBudgetMs ?? BUILD_TURN_MS;
    let turn = performance.now();
    const finishing = this.build.finish();
    let step = finishing.next();
    while (!step.done) {
      if (step.value === "stage" || performance.now() - turn >= budget) {
        await yieldToLoop();
        turn = performance.now();
      }
      step = finishing.next();
    }
    engine.adopt(step.value);
    await yieldToLoop();
    engine.order(null);
    await yieldToLoop();
    return engine;
  }
}

/** Records added between checks of the turn's budget (a few dozen: well under a millisecond). */
const BUILD_STEP_RECORDS = 64;

/**
 * The records an engine over `records` is to read: the records themselves, or (with recordsInFile)
 * the file given, else a new one they are written to.
 */
async function recordsSource(
  records: readonly Record<string, unknown>[],
  options: BackgroundBuildOptions,
): Promise<readonly Record<string, unknown>[] | FileRecords> {
  if (!options.recordsInFile) return records;
  if (options.recordsFile && options.recordsFile.length !== records.length)
    throw new Error(`the records' file holds ${options.recordsFile.length} records, the stock ${records.length}`);
  return options.recordsFile ?? (await FileRecords.spool(records));
}

/** Builds an engine over records in hand while letting other work run (EngineBuilder); optionally with its records in a file. */
export async function buildEngineInBackground(records: readonly Record<string, unknown>[], options: BackgroundBuildOptions = {}): Promise<Engine> {
  const builder = new EngineBuilder(options);
  await builder.add(records);
  const source = await recordsSource(records, options);
  return builder.finish(source instanceof FileRecords ? source : undefined);
}

/** What an engine built up front is made of, to be stored (runtime/search/serialise.ts). */
export function engineIndexParts(engine: Engine): EngineIndexParts {
  if (!(engine instanceof EmbeddedEngine)) throw new Error("not an embedded engine");
  return engine.indexParts();
}

/**
 * An engine over the records from a stored build's parts instead of building (the records must be
 * the very ones, in the same order, the parts were built from): as objects, optionally moved to a
 * file, or already in their file (the stock reader's).
 */
export async function restoreEngineInBackground(
  records: readonly Record<string, unknown>[] | FileRecords,
  parts: EngineIndexParts,
  options: BackgroundBuildOptions = {},
): Promise<Engine> {
  const source = records instanceof FileRecords ? records : await recordsSource(records, options);
  const engine = new EmbeddedEngine(source, { ...options, eager: false });
  await engine.restoreInBackground(parts);
  return engine;
}
