/**
 * Per-attribute columns built once from the records:
 *  - `FacetColumn`: every distinct value gets an ordinal; each document stores a code
 *    (ordinal + 2, 0 for no value, 1 for several) in the narrowest typed array that
 *    fits (one byte per document for most car attributes), and documents with several
 *    values keep their ordinals in a side table (CSR layout, no per-document objects).
 *    Counting facets decodes the hit bitset once into a document list and then runs one
 *    branch-free increment loop per column; the per-value posting lists that filters
 *    use are built on the first filter on that attribute.
 *  - `NumericColumn`: (value, doc) pairs sorted by value for range filters (binary
 *    search), plus a per-document Float64Array when single-valued, for stats and sorting
 *    (then the sorted values are read through it rather than stored a second time).
 * Facet values keep their type apart ("2015" the string and 2015 the number are two
 * values) but filters match both, case-insensitively, as the grammar defines.
 */
import { Bitset } from "./bitset";
import { compareNumber, parseFilterNumber, type NumericOperator } from "./filter-grammar";
import { pathCollector, type Scalar } from "./record-path";
import { grown } from "./grown";

export type CodeArray = Uint8Array | Uint16Array | Uint32Array;

/** Code for a document without a value / with several values; ordinal o is stored as o + 2. */
const NONE = 0;
const MULTI = 1;

/** Scratch document list shared by counting (the engine is synchronous). */
let scratchDocs = new Uint32Array(0);

/**
 * The documents of `bits` (or of its complement within [0, size) when `invert`) in
 * increasing order, written into a shared scratch array; returns [array, length].
 * The array is only valid until the next call.
 */
function decodeDocs(bits: Bitset, invert: boolean): [Uint32Array, number] {
  const size = bits.size;
  if (scratchDocs.length < size) scratchDocs = new Uint32Array(size);
  const out = scratchDocs;
  const w = bits.words;
  const last = w.length - 1;
  const rem = size & 31;
  const tailMask = rem === 0 ? 0xffffffff : 0xffffffff >>> (32 - rem);
  let k = 0;
  for (let i = 0; i <= last; i++) {
    let v = (invert ? ~w[i] : w[i]) | 0;
    if (i === last) v &= tailMask;
    if (v === 0) continue;
    const base = i << 5;
    if (v === -1) {
      for (let b = 0; b < 32; b++) out[k++] = base + b;
      continue;
    }
    while (v !== 0) {
      const t = v & -v;
      out[k++] = base + (31 - Math.clz32(t));
      v ^= t;
    }
  }
  return [out, k];
}

// One increment loop per code width keeps each loop monomorphic.
function countCodes8(codes: Uint8Array, docs: Uint32Array, len: number, counts: Uint32Array): void {
  for (let i = 0; i < len; i++) counts[codes[docs[i]]]++;
}
function countCodes16(codes: Uint16Array, docs: Uint32Array, len: number, counts: Uint32Array): void {
  for (let i = 0; i < len; i++) counts[codes[docs[i]]]++;
}
function countCodes32(codes: Uint32Array, docs: Uint32Array, len: number, counts: Uint32Array): void {
  for (let i = 0; i < len; i++) counts[codes[docs[i]]]++;
}

/** Collects one facet column's values document by document (documents in increasing order). */
export class FacetColumnBuilder {
  readonly values: string[] = [];
  /**
   * Per ordinal: 1 when the value is a number (filters look it up as "n" + number), 0 otherwise
   * (as "s" + lower case). The lookup itself is made on the first filter (FacetColumn.lookupMap):
   * making it here cost a lower-cased copy, a key string and an array for every distinct value,
   * 100,000 of them in each of the stock's id, stocknum and slug columns, most never filtered on.
   */
  readonly numeric: number[] = [];
  /**
   * Per document, ordinal + 2 (see FacetColumn.codes); grown as documents come, cut to `size` by the
   * column, and as narrow as the ordinals allow: a byte a document until a column has 254 values
   * (most of the stock's 47 facets never do), where four bytes each took about 25 MB at 100,000 cars.
   */
  codes: CodeArray;
  readonly counts: number[] = [];
  readonly mDocs: number[] = [];
  readonly mStart: number[] = [0];
  readonly mOrds: number[] = [];
  // Ordinals by typed value: strings, numbers and booleans apart, without key strings.
  private readonly strOrd = new Map<string, number>();
  private readonly numOrd = new Map<number, number>();
  private readonly boolOrd = [-1, -1];
  private readonly distinct: number[] = [];

  /**
   * `size`: the documents, when known; a build fed a batch at a time (the stock reader's) starts
   * at 0 and is told the final count by `setSize` (documents without a value are never added).
   */
  constructor(
    readonly attribute: string,
    public size: number,
  ) {
    this.codes = new Uint8Array(size);
  }

  /** The number of documents, once every one has been added. */
  setSize(size: number): void {
    this.size = size;
    if (this.codes.length < size) this.grow(size);
  }

  private grow(atLeast: number): void {
    this.codes = grown(this.codes, Math.max(atLeast, 1024, this.codes.length * 2));
  }

  /** Widens the codes when `code` does not fit their width. */
  private fit(code: number): void {
    if (code <= 0xff && this.codes instanceof Uint8Array) return;
    if (code <= 0xffff && !(this.codes instanceof Uint8Array)) return;
    if (this.codes instanceof Uint32Array) return;
    this.codes = code <= 0xffff ? new Uint16Array(this.codes) : new Uint32Array(this.codes);
  }

  private ordFor(v: Scalar): number {
    let o: number | undefined;
    if (typeof v === "string") o = this.strOrd.get(v);
    else if (typeof v === "number") o = this.numOrd.get(v);
    else o = this.boolOrd[v ? 1 : 0];
    if (o === undefined || o < 0) {
      o = this.values.length;
      if (typeof v === "string") this.strOrd.set(v, o);
      else if (typeof v === "number") this.numOrd.set(v, o);
      else this.boolOrd[v ? 1 : 0] = o;
      this.values.push(String(v));
      this.counts.push(0);
      this.numeric.push(typeof v === "number" ? 1 : 0);
      this.fit(o + 2);
    }
    return o;
  }

  /** The document's values vs[from .. to) (in record order; duplicates collapse). */
  add(doc: number, vs: readonly Scalar[], from = 0, to = vs.length): void {
    if (to <= from) return;
    if (doc >= this.codes.length) this.grow(doc + 1);
    if (to - from === 1) {
      const o = this.ordFor(vs[from]);
      this.codes[doc] = o + 2;
      this.counts[o]++;
      return;
    }
    const distinct = this.distinct;
    distinct.length = 0;
    for (let i = from; i < to; i++) {
      const o = this.ordFor(vs[i]);
      if (!distinct.includes(o)) distinct.push(o);
    }
    if (distinct.length === 1) {
      this.codes[doc] = distinct[0] + 2;
      this.counts[distinct[0]]++;
      return;
    }
    this.codes[doc] = MULTI;
    this.mDocs.push(doc);
    for (const o of distinct) {
      this.mOrds.push(o);
      this.counts[o]++;
    }
    this.mStart.push(this.mOrds.length);
  }
}

/** What a built facet column is made of (runtime/search/serialise.ts stores it). */
export interface FacetColumnParts {
  attribute: string;
  size: number;
  values: string[];
  codes: CodeArray;
  multiDocs: Uint32Array;
  multiStart: Uint32Array;
  multiOrds: Uint32Array;
  totals: Uint32Array;
  lookup: Array<[string, number[]]>;
}

/** What a built numeric column is made of; `single` is either null or `first` itself. */
export interface NumericColumnParts {
  attribute: string;
  size: number;
  sortedDocs: Uint32Array;
  first: Float64Array;
  singleIsFirst: boolean;
  pairValues: Float64Array | null;
}

export class FacetColumn {
  readonly attribute: string;
  readonly size: number;
  /** Display value per ordinal (numbers and booleans as strings). */
  readonly values: string[];
  /** Per document: ordinal + 2; 0 for no value, 1 for several (see `multiDocs`). */
  readonly codes: CodeArray;
  /** Documents with several distinct values, ascending. */
  readonly multiDocs: Uint32Array;
  /** Ordinals of multiDocs[i] are multiOrds[multiStart[i] .. multiStart[i+1]), in first-seen order. */
  readonly multiStart: Uint32Array;
  readonly multiOrds: Uint32Array;
  /** Documents per ordinal over the whole column. */
  private readonly totals: Uint32Array;
  /** Posting lists (documents per ordinal, CSR), built on the first filter. */
  private postingStart: Uint32Array | null = null;
  private postingDocs: Uint32Array | null = null;
  /** Lookup key (lower-cased string / "n"+number) → ordinals; made on first use (lookupMap). */
  private lookup: Map<string, number[]> | null;
  /** Per ordinal, whether its value is a number; only until the lookup is made. */
  private numeric: ArrayLike<number> | null;
  private tokensCache: string[][] | null = null;

  /**
   * Build from the records, or take what a builder collected (the engine feeds several
   * builders from one pass over the records, which is what the build time is made of).
   */
  constructor(records: readonly unknown[], attribute: string, built?: FacetColumnBuilder) {
    let b = built;
    if (!b) {
      b = new FacetColumnBuilder(attribute, records.length);
      const collect = pathCollector(attribute);
      const vs: Scalar[] = [];
      for (let doc = 0; doc < records.length; doc++) {
        vs.length = 0;
        collect(records[doc], vs);
        if (vs.length) b.add(doc, vs);
      }
    }
    this.attribute = attribute;
    this.size = b.size;
    this.values = b.values;
    this.lookup = null;
    this.numeric = b.numeric;
    const maxCode = this.values.length + 1;
    // A builder fed in batches grew its codes past the documents: cut to them.
    const codes = b.codes.length === b.size ? b.codes : b.codes.slice(0, b.size);
    // The builder's width is already the narrowest for its ordinals (FacetColumnBuilder.fit).
    const width = maxCode <= 0xff ? Uint8Array : maxCode <= 0xffff ? Uint16Array : Uint32Array;
    this.codes = codes instanceof width ? codes : new width(codes);
    this.multiDocs = Uint32Array.from(b.mDocs);
    this.multiStart = Uint32Array.from(b.mStart);
    this.multiOrds = Uint32Array.from(b.mOrds);
    this.totals = Uint32Array.from(b.counts);
  }

  get distinctCount(): number {
    return this.values.length;
  }

  parts(): FacetColumnParts {
    const { attribute, size, values, codes, multiDocs, multiStart, multiOrds, totals } = this;
    return { attribute, size, values, codes, multiDocs, multiStart, multiOrds, totals, lookup: [...this.lookupMap()] };
  }

  /** The column `parts()` described; posting lists are built on the first filter, as after a build. */
  static restore(p: FacetColumnParts): FacetColumn {
    const c = Object.create(FacetColumn.prototype) as FacetColumn;
    const { lookup, ...rest } = p;
    Object.assign(c, rest, { lookup: new Map(lookup), numeric: null, postingStart: null, postingDocs: null, tokensCache: null });
    return c;
  }

  /** The filter lookup (key → ordinals), made from the values on its first use. */
  private lookupMap(): Map<string, number[]> {
    if (this.lookup) return this.lookup;
    const lookup = new Map<string, number[]>();
    const numeric = this.numeric!;
    for (let o = 0; o < this.values.length; o++) {
      const lk = numeric[o] === 1 ? "n" + this.values[o] : "s" + this.values[o].toLowerCase();
      const list = lookup.get(lk);
      if (list) list.push(o);
      else lookup.set(lk, [o]);
    }
    this.lookup = lookup;
    this.numeric = null;
    return lookup;
  }

  /** The document's ordinal (its first one when it has several), or -1 when it has none. */
  firstOrdinal(doc: number): number {
    const c = this.codes[doc];
    if (c === NONE) return -1;
    if (c !== MULTI) return c - 2;
    const i = this.multiIndex(doc);
    return this.multiOrds[this.multiStart[i]];
  }

  private multiIndex(doc: number): number {
    const a = this.multiDocs;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid] < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Ordinals matching a filter value under the grammar's facet semantics. */
  ordinalsFor(value: string): number[] {
    const lower = value.toLowerCase();
    const lookup = this.lookupMap();
    const out = new Set<number>();
    for (const o of lookup.get("s" + lower) ?? []) out.add(o);
    for (const o of lookup.get("n" + lower) ?? []) out.add(o);
    const num = parseFilterNumber(value);
    if (!Number.isNaN(num)) for (const o of lookup.get("n" + String(num)) ?? []) out.add(o);
    return [...out];
  }

  private buildPostings(): void {
    const nv = this.values.length;
    const start = new Uint32Array(nv + 1);
    for (let o = 0; o < nv; o++) start[o + 1] = start[o] + this.totals[o];
    const fill = start.slice(0, nv);
    const docs = new Uint32Array(start[nv]);
    const codes = this.codes;
    let m = 0;
    for (let doc = 0; doc < this.size; doc++) {
      const c = codes[doc];
      if (c >= 2) docs[fill[c - 2]++] = doc;
      else if (c === MULTI) {
        for (let k = this.multiStart[m], end = this.multiStart[m + 1]; k < end; k++) docs[fill[this.multiOrds[k]]++] = doc;
        m++;
      }
    }
    this.postingStart = start;
    this.postingDocs = docs;
  }

  /** Documents having the value (a filter `attribute:value`). */
  bitsFor(value: string): Bitset {
    const bits = new Bitset(this.size);
    const ords = this.ordinalsFor(value);
    if (ords.length === 0) return bits;
    if (!this.postingDocs) this.buildPostings();
    const start = this.postingStart!;
    const docs = this.postingDocs!;
    const w = bits.words;
    for (const o of ords) {
      for (let k = start[o], end = start[o + 1]; k < end; k++) {
        const d = docs[k];
        w[d >>> 5] |= 1 << (d & 31);
      }
    }
    return bits;
  }

  /** Counts over all documents (shared: do not mutate). */
  totalCounts(): Uint32Array {
    return this.totals;
  }

  /** Count per ordinal among the documents of `hits`. */
  count(hits: Bitset | null, hitCount: number): Uint32Array {
    return countFacets([this], hits, hitCount)[0];
  }

  /** Adds, per code, the documents of docs[0..len) (multi-valued ones under code 1). */
  countInto(docs: Uint32Array, len: number, counts: Uint32Array): void {
    const c = this.codes;
    if (c instanceof Uint8Array) countCodes8(c, docs, len, counts);
    else if (c instanceof Uint16Array) countCodes16(c, docs, len, counts);
    else countCodes32(c, docs, len, counts);
  }

  /** Adds the ordinals of the multi-valued documents in `bits` (or not in it, when `invert`), at ordinal + 2. */
  countMultiInto(bits: Bitset, invert: boolean, counts: Uint32Array): void {
    const md = this.multiDocs;
    if (md.length === 0) return;
    const w = bits.words;
    const flip = invert ? 1 : 0;
    const ms = this.multiStart;
    const mo = this.multiOrds;
    for (let i = 0; i < md.length; i++) {
      const d = md[i];
      if (((w[d >>> 5] >>> (d & 31)) & 1) === flip) continue;
      for (let k = ms[i], end = ms[i + 1]; k < end; k++) counts[mo[k] + 2]++;
    }
  }

  /** Normalised word tokens of each value (lazily, for facet-value search). */
  valueTokens(tokenize: (s: string) => string[]): string[][] {
    if (!this.tokensCache) this.tokensCache = this.values.map(tokenize);
    return this.tokensCache;
  }
}

/**
 * Count several facets in one pass over the hits (or over the misses, subtracting
 * from the totals, when most documents are hits): the hit bitset is decoded once into
 * a document list, then each column runs a branch-free loop over it.
 */
export function countFacets(columns: readonly FacetColumn[], hits: Bitset | null, hitCount: number): Uint32Array[] {
  if (columns.length === 0) return [];
  const out: Uint32Array[] = [];
  if (!hits) {
    for (const c of columns) out.push(c.totalCounts().slice());
    return out;
  }
  const size = hits.size;
  const complement = hitCount > size / 2;
  const [docs, len] = decodeDocs(hits, complement);
  for (const col of columns) {
    const nv = col.distinctCount;
    if (col.size !== size) {
      out.push(new Uint32Array(nv));
      continue;
    }
    const counts = new Uint32Array(nv + 2);
    col.countInto(docs, len, counts);
    col.countMultiInto(hits, complement, counts);
    const c = counts.slice(2);
    if (complement) {
      const full = col.totalCounts();
      for (let o = 0; o < nv; o++) c[o] = full[o] - c[o];
    }
    out.push(c);
  }
  return out;
}

export interface NumericStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** Collects one numeric column's values document by document (documents in increasing order). */
export class NumericColumnBuilder {
  /** Per document, its first value (NaN: none), grown as documents come. */
  first: Float64Array | null = null;
  /**
   * The (value, doc) pairs in document order, kept only once some document has several values:
   * until then they are `first`'s values, and keeping them again cost 12 bytes a document for every
   * numeric column while a stock snapshot is built (about 25 MB at 100,000 cars).
   */
  private vals = new Float64Array(0);
  private docs = new Uint32Array(0);
  /** The pairs so far. */
  len = 0;
  multi = false;

  /** `size` as FacetColumnBuilder's: 0 for a build fed in batches, then `setSize`. */
  constructor(
    readonly attribute: string,
    public size: number,
  ) {}

  /** The number of documents, once every one has been added: `first` is cut or grown to it. */
  setSize(size: number): void {
    this.size = size;
    if (this.first && this.first.length !== size) this.first = this.resized(this.first, size);
  }

  /** `first` at `length` documents, the new ones without a value (NaN). */
  private resized(first: Float64Array, length: number): Float64Array {
    const out = new Float64Array(length);
    out.set(first.subarray(0, Math.min(first.length, length)));
    if (length > first.length) out.fill(NaN, first.length);
    return out;
  }

  /** The document's values vs[from .. to); only finite numbers count. */
  add(doc: number, vs: readonly Scalar[], from = 0, to = vs.length): void {
    let seen = 0;
    for (let i = from; i < to; i++) {
      const v = vs[i];
      if (typeof v !== "number" || !Number.isFinite(v)) continue;
      if (seen === 0) {
        if (!this.first) this.first = new Float64Array(doc < this.size ? this.size : Math.max(doc + 1, 1024)).fill(NaN);
        else if (doc >= this.first.length) this.first = this.resized(this.first, Math.max(doc + 1, this.first.length * 2));
        this.first[doc] = v;
        if (this.multi) this.push(v, doc);
        else this.len++;
      } else {
        // The first document with several values: the pairs so far are made from `first`, and kept from now on.
        if (!this.multi) this.keepPairs(doc);
        this.push(v, doc);
      }
      seen++;
    }
  }

  /** Keeps the pairs from now on: those of documents 0 .. doc (one each, their first value) made from `first`. */
  private keepPairs(doc: number): void {
    this.multi = true;
    const first = this.first!;
    const cap = Math.max(this.size, 1024, this.len * 2);
    this.vals = new Float64Array(cap);
    this.docs = new Uint32Array(cap);
    let k = 0;
    for (let d = 0; d <= doc; d++) {
      const x = first[d];
      if (x === x) {
        this.vals[k] = x;
        this.docs[k++] = d;
      }
    }
    this.len = k;
  }

  private push(v: number, doc: number): void {
    if (this.len === this.vals.length) {
      const cap = Math.max(this.size, 1024, this.vals.length * 2);
      this.vals = grown(this.vals, cap);
      this.docs = grown(this.docs, cap);
    }
    this.vals[this.len] = v;
    this.docs[this.len++] = doc;
  }

  /** How many pairs the builder holds room for apart from `first` (0 until a document has several values). */
  get heldPairs(): number {
    return this.vals.length;
  }

  /** Every (value, doc) pair in document order (call after setSize). */
  pairs(): { vals: Float64Array; docs: Uint32Array; len: number } {
    if (this.multi) return { vals: this.vals, docs: this.docs, len: this.len };
    const vals = new Float64Array(this.len);
    const docs = new Uint32Array(this.len);
    const first = this.first;
    let k = 0;
    if (first)
      for (let d = 0; d < first.length; d++) {
        const x = first[d];
        if (x === x) {
          vals[k] = x;
          docs[k++] = d;
        }
      }
    return { vals, docs, len: k };
  }
}

export class NumericColumn {
  readonly attribute: string;
  readonly size: number;
  /** Documents of the (value, doc) pairs, sorted by value then document. */
  readonly sortedDocs: Uint32Array;
  /** Per-document value (NaN when missing), or null when some document has several. */
  readonly single: Float64Array | null;
  /** Per-document first value (NaN when missing), for sorting. */
  readonly first: Float64Array;
  /** Values of the sorted pairs; null when single-valued (then they are single[sortedDocs[k]]). */
  private readonly pairValues: Float64Array | null;

  constructor(records: readonly unknown[], attribute: string, built?: NumericColumnBuilder) {
    let b = built;
    if (!b) {
      b = new NumericColumnBuilder(attribute, records.length);
      const collect = pathCollector(attribute);
      const buf: Scalar[] = [];
      for (let doc = 0; doc < records.length; doc++) {
        buf.length = 0;
        collect(records[doc], buf);
        if (buf.length) b.add(doc, buf);
      }
    }
    this.attribute = attribute;
    const n = b.size;
    b.setSize(n);
    this.size = n;
    const { vals, docs, len } = b.pairs();
    const multi = b.multi;
    // Stable sort of the pairs by value (pairs are in document order, so ties stay by
    // document): sort the values natively, then place each pair after the equal values
    // already placed. Equal here is ===, as in a comparator (so -0 and 0 share a run).
    const sortedVals = vals.slice(0, len).sort();
    const placed = new Uint32Array(len);
    const sortedDocs = new Uint32Array(len);
    const pairValues = multi ? new Float64Array(len) : null;
    // Start of each value's run: a Map when values repeat (years, seats, most prices), else a binary search.
    let distinct = 0;
    for (let k = 0; k < len; k++) if (k === 0 || sortedVals[k] !== sortedVals[k - 1]) distinct++;
    let runStart: Map<number, number> | null = null;
    if (distinct * 4 <= len) {
      runStart = new Map();
      for (let k = 0; k < len; k++) if (k === 0 || sortedVals[k] !== sortedVals[k - 1]) runStart.set(sortedVals[k], k);
    }
    for (let i = 0; i < len; i++) {
      const v = vals[i];
      let lo = 0;
      if (runStart) lo = runStart.get(v)!;
      else {
        let hi = len;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (sortedVals[mid] < v) lo = mid + 1;
          else hi = mid;
        }
      }
      const k = lo + placed[lo]++;
      sortedDocs[k] = docs[i];
      if (pairValues) pairValues[k] = v;
    }
    this.sortedDocs = sortedDocs;
    this.first = b.first ?? new Float64Array(0);
    this.single = multi || !len ? null : b.first;
    this.pairValues = pairValues;
  }

  /** Value of the k-th sorted pair. */
  private valueAt(k: number): number {
    return this.pairValues ? this.pairValues[k] : this.single![this.sortedDocs[k]];
  }

  parts(): NumericColumnParts {
    const { attribute, size, sortedDocs, first, single, pairValues } = this;
    return { attribute, size, sortedDocs, first, singleIsFirst: single !== null, pairValues };
  }

  static restore(p: NumericColumnParts): NumericColumn {
    const c = Object.create(NumericColumn.prototype) as NumericColumn;
    const { singleIsFirst, ...rest } = p;
    Object.assign(c, rest, { single: singleIsFirst ? p.first : null });
    return c;
  }

  get isEmpty(): boolean {
    return this.sortedDocs.length === 0;
  }

  /** First index with value >= x (or > x when `strict`). */
  private bound(x: number, strict: boolean): number {
    let lo = 0;
    let hi = this.sortedDocs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const a = this.valueAt(mid);
      if (strict ? a <= x : a < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private bitsBetween(from: number, to: number): Bitset {
    const bits = new Bitset(this.size);
    const w = bits.words;
    const d = this.sortedDocs;
    for (let k = from; k < to; k++) {
      const doc = d[k];
      w[doc >>> 5] |= 1 << (doc & 31);
    }
    return bits;
  }

  /** Documents with some value in [low, high]. */
  rangeBits(low: number, high: number): Bitset {
    if (low > high) return new Bitset(this.size);
    return this.bitsBetween(this.bound(low, false), this.bound(high, true));
  }

  /** Documents with some value satisfying `op value` (`!=` is NOT `=`). */
  compareBits(op: NumericOperator, value: number): Bitset {
    const len = this.sortedDocs.length;
    switch (op) {
      case "<":
        return this.bitsBetween(0, this.bound(value, false));
      case "<=":
        return this.bitsBetween(0, this.bound(value, true));
      case ">":
        return this.bitsBetween(this.bound(value, true), len);
      case ">=":
        return this.bitsBetween(this.bound(value, false), len);
      case "=":
        return this.rangeBits(value, value);
      case "!=":
        return this.rangeBits(value, value).not();
    }
  }

  /** min/max/avg/sum over the values of the hit documents; null when none has a value. */
  stats(hits: Bitset | null, _hitCount: number): NumericStats | null {
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    const single = this.single;
    if (hits && single) {
      const w = hits.words;
      for (let i = 0; i < w.length; i++) {
        let bitsLeft = w[i];
        while (bitsLeft !== 0) {
          const t = bitsLeft & -bitsLeft;
          const v = single[(i << 5) + (31 - Math.clz32(t))];
          bitsLeft ^= t;
          if (v === v) {
            if (v < min) min = v;
            if (v > max) max = v;
            sum += v;
            count++;
          }
        }
      }
    } else {
      const docs = this.sortedDocs;
      const w = hits?.words;
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k];
        if (w && (w[doc >>> 5] & (1 << (doc & 31))) === 0) continue;
        const v = this.valueAt(k);
        if (v < min) min = v;
        if (v > max) max = v;
        sum += v;
        count++;
      }
    }
    if (count === 0) return null;
    return { min, max, avg: sum / count, sum };
  }

  /** Test helper / fallback: does a single value satisfy the comparison? */
  static matches(x: number, op: NumericOperator, value: number): boolean {
    return compareNumber(x, op, value);
  }
}
