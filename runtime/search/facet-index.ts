/**
 * Per-attribute columns built once from the records:
 *  - `FacetColumn`: every distinct value gets an ordinal; each document stores its
 *    ordinal in an Int32Array (multi-valued documents in a side table), and the
 *    documents of each value sit in one flat posting array (CSR layout, no per-value
 *    objects). Filtering a value is a posting scan into a bitset; counting facets is
 *    one pass over the hit documents.
 *  - `NumericColumn`: (value, doc) pairs sorted by value for range filters (binary
 *    search), plus a per-document Float64Array when single-valued, for stats and sorting.
 * Facet values keep their type apart ("2015" the string and 2015 the number are two
 * values) but filters match both, case-insensitively, as the grammar defines.
 */
import { Bitset } from "./bitset";
import { compareNumber, parseFilterNumber, type NumericOperator } from "./filter-grammar";
import { pathReader, type Scalar } from "./record-path";

function typedKey(v: Scalar): string {
  return typeof v === "string" ? "s" + v : typeof v === "number" ? "n" + String(v) : "b" + String(v);
}

export class FacetColumn {
  readonly attribute: string;
  readonly size: number;
  /** Display value per ordinal (numbers and booleans as strings). */
  readonly values: string[] = [];
  /** Per document: ordinal, -1 for no value, -2 for several (see `multi`). */
  readonly ords: Int32Array;
  readonly multi = new Map<number, Int32Array>();
  private readonly postingStart: Uint32Array;
  private readonly postingDocs: Uint32Array;
  /** Lookup key (lower-cased string / "n"+number) → ordinals. */
  private readonly lookup = new Map<string, number[]>();
  private fullCounts: Uint32Array | null = null;
  private tokensCache: string[][] | null = null;

  constructor(records: readonly unknown[], attribute: string) {
    this.attribute = attribute;
    const n = records.length;
    this.size = n;
    const read = pathReader(attribute);
    const ordOf = new Map<string, number>();
    const ords = new Int32Array(n).fill(-1);
    const counts: number[] = [];
    let pairs = 0;
    const ordFor = (v: Scalar): number => {
      const key = typedKey(v);
      let o = ordOf.get(key);
      if (o === undefined) {
        o = this.values.length;
        ordOf.set(key, o);
        this.values.push(String(v));
        counts.push(0);
        const lk = typeof v === "number" ? "n" + String(v) : "s" + String(v).toLowerCase();
        const list = this.lookup.get(lk);
        if (list) list.push(o);
        else this.lookup.set(lk, [o]);
      }
      return o;
    };
    for (let doc = 0; doc < n; doc++) {
      const vs = read(records[doc]);
      if (vs.length === 0) continue;
      if (vs.length === 1) {
        const o = ordFor(vs[0]);
        ords[doc] = o;
        counts[o]++;
        pairs++;
        continue;
      }
      const set = new Set<number>();
      for (const v of vs) set.add(ordFor(v));
      if (set.size === 1) {
        const o = set.values().next().value as number;
        ords[doc] = o;
        counts[o]++;
        pairs++;
        continue;
      }
      ords[doc] = -2;
      const arr = Int32Array.from(set);
      this.multi.set(doc, arr);
      for (const o of arr) counts[o]++;
      pairs += arr.length;
    }
    this.ords = ords;
    const start = new Uint32Array(this.values.length + 1);
    for (let o = 0; o < counts.length; o++) start[o + 1] = start[o] + counts[o];
    const fill = start.slice(0, this.values.length);
    const docs = new Uint32Array(pairs);
    for (let doc = 0; doc < n; doc++) {
      const o = ords[doc];
      if (o >= 0) docs[fill[o]++] = doc;
      else if (o === -2) for (const m of this.multi.get(doc)!) docs[fill[m]++] = doc;
    }
    this.postingStart = start;
    this.postingDocs = docs;
  }

  get distinctCount(): number {
    return this.values.length;
  }

  /** Ordinals matching a filter value under the grammar's facet semantics. */
  ordinalsFor(value: string): number[] {
    const lower = value.toLowerCase();
    const out = new Set<number>();
    for (const o of this.lookup.get("s" + lower) ?? []) out.add(o);
    for (const o of this.lookup.get("n" + lower) ?? []) out.add(o);
    const num = parseFilterNumber(value);
    if (!Number.isNaN(num)) for (const o of this.lookup.get("n" + String(num)) ?? []) out.add(o);
    return [...out];
  }

  /** Documents having the value (a filter `attribute:value`). */
  bitsFor(value: string): Bitset {
    const bits = new Bitset(this.size);
    const w = bits.words;
    for (const o of this.ordinalsFor(value)) {
      for (let k = this.postingStart[o], end = this.postingStart[o + 1]; k < end; k++) {
        const d = this.postingDocs[k];
        w[d >>> 5] |= 1 << (d & 31);
      }
    }
    return bits;
  }

  /** Counts over all documents (cached). */
  totalCounts(): Uint32Array {
    return this.allCounts();
  }

  /** Count per ordinal among the documents of `hits`. */
  count(hits: Bitset | null, hitCount: number): Uint32Array {
    if (!hits) return this.allCounts();
    // Counting the complement and subtracting is cheaper when most documents are hits.
    if (hitCount > this.size / 2) {
      const full = this.allCounts();
      const miss = this.countDocs(hits.not());
      const out = new Uint32Array(full.length);
      for (let o = 0; o < full.length; o++) out[o] = full[o] - miss[o];
      return out;
    }
    return this.countDocs(hits);
  }

  private allCounts(): Uint32Array {
    if (!this.fullCounts) {
      const c = new Uint32Array(this.values.length);
      for (let o = 0; o < c.length; o++) c[o] = this.postingStart[o + 1] - this.postingStart[o];
      this.fullCounts = c;
    }
    return this.fullCounts;
  }

  private countDocs(bits: Bitset): Uint32Array {
    const counts = new Uint32Array(this.values.length);
    const ords = this.ords;
    const words = bits.words;
    for (let i = 0; i < words.length; i++) {
      let v = words[i];
      while (v !== 0) {
        const t = v & -v;
        const doc = (i << 5) + (31 - Math.clz32(t));
        v ^= t;
        const o = ords[doc];
        if (o >= 0) counts[o]++;
        else if (o === -2) for (const m of this.multi.get(doc)!) counts[m]++;
      }
    }
    return counts;
  }

  /** Normalised word tokens of each value (lazily, for facet-value search). */
  valueTokens(tokenize: (s: string) => string[]): string[][] {
    if (!this.tokensCache) this.tokensCache = this.values.map(tokenize);
    return this.tokensCache;
  }
}

/**
 * Count several facets in one pass over the hits (or over the misses, subtracting
 * from the totals, when most documents are hits).
 */
export function countFacets(columns: readonly FacetColumn[], hits: Bitset | null, hitCount: number): Uint32Array[] {
  if (columns.length === 0) return [];
  const size = columns[0].size;
  if (!hits || columns.some((c) => c.size !== size)) return columns.map((c) => c.count(hits, hitCount));
  const complement = hitCount > size / 2;
  const bits = complement ? hits.not() : hits;
  const k = columns.length;
  const out = columns.map((c) => new Uint32Array(c.distinctCount));
  const ords = columns.map((c) => c.ords);
  const w = bits.words;
  for (let i = 0; i < w.length; i++) {
    let v = w[i];
    while (v !== 0) {
      const t = v & -v;
      const doc = (i << 5) + (31 - Math.clz32(t));
      v ^= t;
      for (let j = 0; j < k; j++) {
        const o = ords[j][doc];
        if (o >= 0) out[j][o]++;
        else if (o === -2) for (const m of columns[j].multi.get(doc)!) out[j][m]++;
      }
    }
  }
  if (complement) {
    for (let j = 0; j < k; j++) {
      const full = columns[j].totalCounts();
      const c = out[j];
      for (let o = 0; o < c.length; o++) c[o] = full[o] - c[o];
    }
  }
  return out;
}

export interface NumericStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export class NumericColumn {
  readonly attribute: string;
  readonly size: number;
  readonly sortedValues: Float64Array;
  readonly sortedDocs: Uint32Array;
  /** Per-document value (NaN when missing), or null when some document has several. */
  readonly single: Float64Array | null;
  /** Per-document first value (NaN when missing), for sorting. */
  readonly first: Float64Array;

  constructor(records: readonly unknown[], attribute: string) {
    this.attribute = attribute;
    const n = records.length;
    this.size = n;
    const read = pathReader(attribute);
    const first = new Float64Array(n).fill(NaN);
    const vals: number[] = [];
    const docs: number[] = [];
    let multi = false;
    for (let doc = 0; doc < n; doc++) {
      let seen = 0;
      for (const v of read(records[doc])) {
        if (typeof v !== "number" || !Number.isFinite(v)) continue;
        if (seen === 0) first[doc] = v;
        seen++;
        vals.push(v);
        docs.push(doc);
      }
      if (seen > 1) multi = true;
    }
    const order = Uint32Array.from(vals.keys()).sort((a, b) => vals[a] - vals[b] || docs[a] - docs[b]);
    this.sortedValues = Float64Array.from(order, (i) => vals[i]);
    this.sortedDocs = Uint32Array.from(order, (i) => docs[i]);
    this.first = vals.length ? first : new Float64Array(0);
    this.single = multi || !vals.length ? null : first;
  }

  get isEmpty(): boolean {
    return this.sortedValues.length === 0;
  }

  /** First index with value >= x (or > x when `strict`). */
  private bound(x: number, strict: boolean): number {
    const a = this.sortedValues;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (strict ? a[mid] <= x : a[mid] < x) lo = mid + 1;
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
    const len = this.sortedValues.length;
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
  stats(hits: Bitset | null, hitCount: number): NumericStats | null {
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
      const vals = this.sortedValues;
      const docs = this.sortedDocs;
      const w = hits?.words;
      for (let k = 0; k < vals.length; k++) {
        const doc = docs[k];
        if (w && (w[doc >>> 5] & (1 << (doc & 31))) === 0) continue;
        const v = vals[k];
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
