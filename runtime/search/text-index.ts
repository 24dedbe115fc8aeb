/**
 * Full-text index over the searchable attributes, with Algolia's matching rules:
 * every query word must match (AND), the last word matches as a prefix (prefixLast),
 * typo tolerance of 1 typo from 4 characters and 2 from 8 (none for words with
 * digits: stock numbers, VINs and years must be exact), and a ranking score made of
 * typos, then attribute order, then exactness.
 *
 * Why not a library: minisearch is not installed in this workspace (and no installs are
 * allowed), and neither minisearch nor the other common JS engines give document sets
 * as bitsets or per-document scores in typed arrays: they return scored result objects
 * per match, which at 100,000 records makes a 15,000-hit query allocate 15,000 objects
 * before any faceting. This index keeps postings in flat typed arrays (CSR layout),
 * answers with a bitset plus an Int32Array of scores that the engine intersects with
 * the filter bitset directly, and caches per-word term expansions. The vocabulary of
 * car stock is small (makes, models, badges, colours) apart from stock numbers and
 * VINs, which carry digits and so skip the typo scan.
 */
import { Bitset } from "./bitset";
import { pathCollector, type Scalar } from "./record-path";
import { allowedTypos, boundedDistance, indexTerms, words as queryWords } from "./text";
import { grown } from "./grown";
import { drained } from "./yield-to-loop";

/** Score weights (lower is better): typos dominate, then attribute order, then exactness. */
export const TYPO_WEIGHT = 10_000;
export const ATTRIBUTE_WEIGHT = 100;
export const PREFIX_WEIGHT = 1;

export interface TermMatch {
  typos: number;
  /** Matched as a strict prefix (the word is shorter than the term). */
  prefix: boolean;
}

/** A query word's matching index terms, looked up one term at a time (highlighting). */
export interface TermMatches {
  get(term: string): TermMatch | undefined;
}

export interface QueryWord {
  /** Normalised query word. */
  word: string;
  isLast: boolean;
  /** Matching index terms. */
  terms: TermMatches;
}

export interface TextResult {
  bits: Bitset;
  count: number;
  /** Per-document score, meaningful for documents in `bits` (lower is better). */
  scores: Int32Array;
  words: QueryWord[];
}

const MAX_QUERY_WORDS = 10;

/** Items of work between yields in a background build's slices (a few milliseconds each). */
const SLICE = 1 << 16;

/**
 * Strings sorted natively at a time in sortInSlices: a run of 65,536 took 30-80 ms (a turn of the
 * event loop over the server's 50 ms bound at 100,000 cars, on a loaded machine); 8,192 take about 4.
 */
const SORT_RUN = 1 << 13;

/**
 * The strings in code-unit order (as the default sort), sorted in slices: runs of SORT_RUN sorted
 * natively, then merged pairwise, yielding every SLICE strings placed.
 */
export function* sortInSlices(list: readonly string[]): Generator<void, string[]> {
  let runs: string[][] = [];
  for (let i = 0; i < list.length; i += SORT_RUN) {
    runs.push(list.slice(i, i + SORT_RUN).sort());
    yield;
  }
  if (runs.length === 0) return [];
  let placed = 0;
  while (runs.length > 1) {
    const next: string[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r];
      const b = runs[r + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const out = new Array<string>(a.length + b.length);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < a.length && j < b.length) {
        out[k++] = a[i] < b[j] ? a[i++] : b[j++];
        if (++placed % SLICE === 0) yield;
      }
      while (i < a.length) out[k++] = a[i++];
      while (j < b.length) out[k++] = b[j++];
      next.push(out);
    }
    runs = next;
  }
  return runs[0];
}

const EXACT: TermMatch = Object.freeze({ typos: 0, prefix: false });
const PREFIX: TermMatch = Object.freeze({ typos: 0, prefix: true });

/**
 * A query word's matching terms as highlighting asks for them: the word itself, the terms it is a
 * strict prefix of (when it is the last word), and those within its typos. The prefix matches are
 * not listed: the last word "j" is a prefix of some 30,000 terms at 100,000 cars (VINs among
 * them), and a map entry each took 22 ms the first time the word was searched for.
 */
class WordTerms implements TermMatches {
  constructor(
    private readonly word: string,
    private readonly exact: boolean,
    private readonly prefixes: boolean,
    private readonly vocabulary: ReadonlyMap<string, number>,
    private readonly typos: ReadonlyMap<string, TermMatch>,
  ) {}

  get(term: string): TermMatch | undefined {
    if (term === this.word) return this.exact ? EXACT : undefined;
    if (this.prefixes && term.startsWith(this.word)) return this.vocabulary.has(term) ? PREFIX : undefined;
    return this.typos.get(term);
  }
}

/** A query word's matching terms, for highlighting (WordTerms) and as typed arrays (for search). */
interface WordExpansion {
  terms: WordTerms;
  ids: Uint32Array;
  qualities: Int32Array;
  /** Sum of the terms' posting lengths. */
  total: number;
}

/** What a search writes as it goes, sized for the index (a built one and a restored one alike). */
function queryScratch(size: number, termCount: number) {
  return {
    termQuality: new Int32Array(termCount).fill(-1),
    wordCache: new Map(),
    stamp: new Int32Array(size),
    best: new Int32Array(size),
    matched: new Uint8Array(size),
    touched: new Uint32Array(size),
    generation: 0,
  };
}

/**
 * The terms typos are looked for among, by length: no term with a digit (stock numbers and VINs
 * are not misspelt), each with the letters it has (letterMask), so that most terms are passed
 * over without working out their distance.
 */
interface TypoTerms {
  terms: string[];
  letters: Uint32Array;
}

function* typoTermsOf(termList: readonly string[]): Generator<void, Map<number, TypoTerms>> {
  const lists = new Map<number, string[]>();
  for (let i = 0; i < termList.length; i++) {
    const term = termList[i];
    if ((i & (SLICE - 1)) === SLICE - 1) yield;
    if (hasDigit(term)) continue;
    let list = lists.get(term.length);
    if (!list) lists.set(term.length, (list = []));
    list.push(term);
  }
  const byLength = new Map<number, TypoTerms>();
  for (const [length, terms] of lists) {
    const letters = new Uint32Array(terms.length);
    for (let i = 0; i < terms.length; i++) letters[i] = letterMask(terms[i]);
    byLength.set(length, { terms, letters });
    yield;
  }
  return byLength;
}

/**
 * Which characters a string has, one bit each (a to z; any other character shares one of six
 * bits). A term that lacks more than k of a word's characters is more than k edits from the word
 * and from any prefix of it (each edit brings in at most one missing character); shared bits only
 * let more terms through to the distance check.
 */
function letterMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    mask |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return mask >>> 0;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function hasDigit(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false; // as /\d/ (ASCII digits only)
}

/**
 * Collects (term, document, attribute) pairs document by document, so that the engine
 * can feed the text index from the same pass over the records as its facet columns.
 * A term's attribute is the first (highest-ranked) searchable attribute it occurs in.
 */
export class TextIndexBuilder {
  readonly termIds = new Map<string, number>();
  readonly termList: string[] = [];
  pTerm: Uint32Array;
  pDoc: Uint32Array;
  pAttr: Uint8Array;
  np = 0;
  /** Per term: last document it was added for (dedupes a document's terms without a Map). */
  private lastDoc = new Int32Array(1024).fill(-1);
  /**
   * Term ids per value string, for the build only: car stock repeats values a lot (makes,
   * models, colours). Attributes whose values turn out mostly distinct (stock numbers,
   * VINs) stop using it after a sample.
   */
  private idMemo: Map<string, Uint32Array> | null = new Map();
  private readonly memoLookups: Uint32Array;
  private readonly memoMisses: Uint32Array;
  private readonly noIds = new Uint32Array(0);

  /** `size`: the documents, when known; a build fed in batches starts at 0 and is told the count (setSize). */
  constructor(
    public size: number,
    readonly attributeCount: number,
  ) {
    const cap = Math.max(1024, size * 16);
    this.pTerm = new Uint32Array(cap);
    this.pDoc = new Uint32Array(cap);
    this.pAttr = new Uint8Array(cap);
    this.memoLookups = new Uint32Array(attributeCount);
    this.memoMisses = new Uint32Array(attributeCount);
  }

  private termId(t: string): number {
    let id = this.termIds.get(t);
    if (id === undefined) {
      id = this.termList.length;
      this.termIds.set(t, id);
      this.termList.push(t);
      if (id >= this.lastDoc.length) {
        const length = this.lastDoc.length;
        this.lastDoc = grown(this.lastDoc, length * 2);
        this.lastDoc.fill(-1, length);
      }
    }
    return id;
  }

  private addTerm(id: number, doc: number, a: number): void {
    if (this.lastDoc[id] === doc) return;
    this.lastDoc[id] = doc;
    this.push(id, doc, Math.min(a, 255));
  }

  /**
   * One document's values per searchable attribute (in ranking order): attribute a's
   * values are buf[from[a] .. to[a]).
   */
  addDoc(doc: number, buf: readonly Scalar[], from: ArrayLike<number>, to: ArrayLike<number>): void {
    const memo = this.idMemo!;
    for (let a = 0; a < this.attributeCount; a++) {
      for (let i = from[a], end = to[a]; i < end; i++) {
        const v = buf[i];
        if (typeof v === "boolean") continue;
        const str = typeof v === "string" ? v : String(v);
        const looked = this.memoLookups[a];
        if (looked < 4096 || this.memoMisses[a] * 2 < looked) {
          this.memoLookups[a]++;
          let ids = memo.get(str);
          if (ids === undefined) {
            this.memoMisses[a]++;
            const terms = indexTerms(str);
            ids = terms.length ? Uint32Array.from(terms, (t) => this.termId(t)) : this.noIds;
            memo.set(str, ids);
          }
          for (let k = 0; k < ids.length; k++) this.addTerm(ids[k], doc, a);
        } else {
          const terms = indexTerms(str);
          for (let k = 0; k < terms.length; k++) this.addTerm(this.termId(terms[k]), doc, a);
        }
      }
    }
  }

  private push(id: number, doc: number, a: number): void {
    if (this.np === this.pTerm.length) {
      const cap = this.np * 2;
      this.pTerm = grown(this.pTerm, cap);
      this.pDoc = grown(this.pDoc, cap);
      this.pAttr = grown(this.pAttr, cap);
    }
    this.pTerm[this.np] = id;
    this.pDoc[this.np] = doc;
    this.pAttr[this.np] = a;
    this.np++;
  }

  /** The number of documents, once every one has been added (the last ones may have no terms). */
  setSize(size: number): void {
    this.size = size;
  }

  /** Drop the build-only state. */
  release(): void {
    this.idMemo = null;
    this.lastDoc = new Int32Array(0);
    this.pTerm = new Uint32Array(0);
    this.pDoc = new Uint32Array(0);
    this.pAttr = new Uint8Array(0);
  }
}

/** What a built text index is made of (runtime/search/serialise.ts stores it); the rest is derived on restore. */
export interface TextIndexParts {
  size: number;
  attributes: readonly string[];
  /** The terms in code-unit order, and each one's term id. */
  sortedTerms: string[];
  termIdOfSorted: Uint32Array;
  postingStart: Uint32Array;
  postingDocs: Uint32Array;
  postingAttr: Uint8Array;
  forwardStart: Uint32Array;
  forwardTerms: Uint32Array;
  forwardAttr: Uint8Array;
}

export class TextIndex {
  readonly size!: number;
  readonly attributes!: readonly string[];
  private readonly sortedTerms!: string[];
  private readonly termIdOfSorted!: Uint32Array;
  private readonly termIds!: Map<string, number>;
  private readonly postingStart!: Uint32Array;
  private readonly postingDocs!: Uint32Array;
  private readonly postingAttr!: Uint8Array;
  /** Forward index (document → its terms and attribute), to check few candidates against a wide word. */
  private readonly forwardStart!: Uint32Array;
  private readonly forwardTerms!: Uint32Array;
  private readonly forwardAttr!: Uint8Array;
  /** Per term: match quality for the word being processed, or -1. */
  private readonly termQuality!: Int32Array;
  /** Letter-only terms grouped by length, for the typo scan. */
  private readonly typoTermsByLength!: Map<number, TypoTerms>;
  private readonly wordCache = new Map<string, WordExpansion>();
  // Scratch arrays reused between queries (the engine is synchronous).
  private readonly stamp!: Int32Array;
  private readonly best!: Int32Array;
  private readonly matched!: Uint8Array;
  private readonly touched!: Uint32Array;
  private generation = 0;

  /** Build from the records, or finish what a builder collected (see TextIndexBuilder). */
  constructor(records: readonly unknown[], attributes: readonly string[], built?: TextIndexBuilder) {
    let b = built;
    if (!b) {
      b = new TextIndexBuilder(records.length, attributes.length);
      const collectors = attributes.map(pathCollector);
      const buf: Scalar[] = [];
      const from = new Uint32Array(attributes.length);
      const to = new Uint32Array(attributes.length);
      for (let doc = 0; doc < records.length; doc++) {
        buf.length = 0;
        for (let a = 0; a < collectors.length; a++) {
          from[a] = buf.length;
          collectors[a](records[doc], buf);
          to[a] = buf.length;
        }
        b.addDoc(doc, buf, from, to);
      }
    }
    for (const _ of TextIndex.assemble(this, attributes, b));
  }

  /**
   * Finishes what a builder collected a slice at a time, yielding between slices, for a build in
   * the background: done at once, at 100,000 cars (3 million term-document pairs, 300,000 terms
   * to sort), it held the event loop for about 300 ms.
   */
  static *building(attributes: readonly string[], b: TextIndexBuilder): Generator<void, TextIndex> {
    const t = Object.create(TextIndex.prototype) as TextIndex;
    yield* TextIndex.assemble(t, attributes, b);
    return t;
  }

  /** The index's arrays from a builder's pairs, into `t`, yielding every SLICE items of work. */
  private static *assemble(t: TextIndex, attributes: readonly string[], b: TextIndexBuilder): Generator<void> {
    const n = b.size;
    const { termIds, termList } = b;
    const np = b.np;
    const pTerm = b.pTerm;
    const pDoc = b.pDoc;
    const pAttr = b.pAttr;
    const nTerms = termList.length;
    // Pairs were appended document by document: they already form the forward index.
    const fStart = new Uint32Array(n + 1);
    for (let i = 0; i < np; i++) fStart[pDoc[i] + 1]++;
    for (let d = 0; d < n; d++) fStart[d + 1] += fStart[d];
    yield;
    const forwardTerms = pTerm.slice(0, np);
    const forwardAttr = pAttr.slice(0, np);
    const start = new Uint32Array(nTerms + 1);
    for (let i = 0; i < np; i++) start[pTerm[i] + 1]++;
    for (let k = 0; k < nTerms; k++) start[k + 1] += start[k];
    yield;
    const fill = start.slice(0, nTerms);
    const docs = new Uint32Array(np);
    const attrs = new Uint8Array(np);
    for (let i = 0; i < np; i++) {
      const k = fill[pTerm[i]]++;
      docs[k] = pDoc[i];
      attrs[k] = pAttr[i];
      if ((i & (SLICE - 1)) === SLICE - 1) yield;
    }
    b.release();
    yield;
    // Code-unit order, as `<` and the default sort compare; terms are distinct.
    const sortedTerms = yield* sortInSlices(termList);
    const termIdOfSorted = new Uint32Array(nTerms);
    for (let i = 0; i < nTerms; i++) {
      termIdOfSorted[i] = termIds.get(sortedTerms[i])!;
      if ((i & (SLICE - 1)) === SLICE - 1) yield;
    }
    const typoTermsByLength = yield* typoTermsOf(termList);
    Object.assign(t, {
      size: n,
      attributes,
      sortedTerms,
      termIdOfSorted,
      termIds,
      postingStart: start,
      postingDocs: docs,
      postingAttr: attrs,
      forwardStart: fStart,
      forwardTerms,
      forwardAttr,
      typoTermsByLength,
      ...queryScratch(n, nTerms),
    });
  }

  get termCount(): number {
    return this.sortedTerms.length;
  }

  /** The built index's arrays, to be stored and restored (restore) elsewhere. */
  parts(): TextIndexParts {
    return {
      size: this.size,
      attributes: this.attributes,
      sortedTerms: this.sortedTerms,
      termIdOfSorted: this.termIdOfSorted,
      postingStart: this.postingStart,
      postingDocs: this.postingDocs,
      postingAttr: this.postingAttr,
      forwardStart: this.forwardStart,
      forwardTerms: this.forwardTerms,
      forwardAttr: this.forwardAttr,
    };
  }

  /** The index `parts()` described, without the records: what it derives is derived again, as the constructor does. */
  static restore(p: TextIndexParts): TextIndex {
    const t = Object.create(TextIndex.prototype) as TextIndex;
    const termList: string[] = new Array<string>(p.sortedTerms.length);
    for (let i = 0; i < p.sortedTerms.length; i++) termList[p.termIdOfSorted[i]] = p.sortedTerms[i];
    const typoTermsByLength = drained(typoTermsOf(termList));
    const n = p.size;
    Object.assign(t, {
      size: n,
      attributes: p.attributes,
      sortedTerms: p.sortedTerms,
      termIdOfSorted: p.termIdOfSorted,
      termIds: new Map(termList.map((term, id) => [term, id])),
      postingStart: p.postingStart,
      postingDocs: p.postingDocs,
      postingAttr: p.postingAttr,
      forwardStart: p.forwardStart,
      forwardTerms: p.forwardTerms,
      forwardAttr: p.forwardAttr,
      typoTermsByLength,
      ...queryScratch(n, termList.length),
    });
    return t;
  }

  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedTerms[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where the run of sorted terms starting with `prefix` (which begins at `from`) ends. */
  private prefixEnd(prefix: string, from: number): number {
    let lo = from;
    let hi = this.sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedTerms[mid].startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index terms matching one query word (exact, prefix when last, typos). Cached. */
  matchWord(word: string, isLast: boolean): TermMatches {
    return this.expand(word, isLast).terms;
  }

  private expand(word: string, isLast: boolean): WordExpansion {
    const key = (isLast ? "p:" : "e:") + word;
    const hit = this.wordCache.get(key);
    if (hit) return hit;
    const exactId = this.termIds.get(word);
    // The terms the word is a strict prefix of are one run of the sorted terms (with the word
    // itself first when it is a term): kept as that run, not a map entry each.
    let from = 0;
    let to = 0;
    if (isLast) {
      from = this.lowerBound(word);
      to = this.prefixEnd(word, from);
      if (exactId !== undefined && from < to && this.sortedTerms[from] === word) from++;
    }
    const typos = new Map<string, TermMatch>();
    const k = allowedTypos(word);
    if (k > 0) {
      const minLen = word.length - k;
      const wordLetters = letterMask(word);
      for (const [len, { terms: list, letters }] of this.typoTermsByLength) {
        if (len < minLen) continue;
        if (!isLast && len > word.length + k) continue;
        for (let j = 0; j < list.length; j++) {
          if (bitCount(wordLetters & ~letters[j]) > k) continue;
          const t = list[j];
          if (t === word || (isLast && t.startsWith(word))) continue;
          if (!isLast || len <= word.length + k) {
            const d = boundedDistance(word, t, k);
            if (d <= k) {
              typos.set(t, { typos: d, prefix: false });
              continue;
            }
          }
          if (isLast && len > word.length - k) {
            const d = boundedDistance(word, t, k, true);
            if (d <= k) typos.set(t, { typos: d, prefix: true });
          }
        }
      }
    }
    const size = (exactId === undefined ? 0 : 1) + (to - from) + typos.size;
    const ids = new Uint32Array(size);
    const qualities = new Int32Array(size);
    let i = 0;
    if (exactId !== undefined) ids[i++] = exactId;
    ids.set(this.termIdOfSorted.subarray(from, to), i);
    qualities.fill(PREFIX_WEIGHT, i, i + (to - from));
    i += to - from;
    for (const [term, m] of typos) {
      ids[i] = this.termIds.get(term)!;
      qualities[i++] = m.typos * TYPO_WEIGHT + (m.prefix ? PREFIX_WEIGHT : 0);
    }
    let total = 0;
    for (let t = 0; t < size; t++) total += this.postingStart[ids[t] + 1] - this.postingStart[ids[t]];
    const terms = new WordTerms(word, exactId !== undefined, to > from, this.termIds, typos);
    const expansion: WordExpansion = { terms, ids, qualities, total };
    if (this.wordCache.size > 5000) this.wordCache.clear();
    this.wordCache.set(key, expansion);
    return expansion;
  }

  /** Normalised query words (at most 10), or [] for an empty query. */
  static queryWords(query: string): string[] {
    return queryWords(query).slice(0, MAX_QUERY_WORDS);
  }

  /** Documents matching every word of the query, with scores; null for an empty query. */
  search(query: string): TextResult | null {
    const ws = TextIndex.queryWords(query);
    if (ws.length === 0) return null;
    const n = this.size;
    const scores = new Int32Array(n);
    const { stamp, best, matched, touched, termQuality } = this;
    matched.fill(0);
    const expansions = ws.map((word, i) => this.expand(word, i === ws.length - 1));
    const words: QueryWord[] = ws.map((word, i) => ({ word, isLast: i === ws.length - 1, terms: expansions[i].terms }));
    const infos = expansions.map((e) => ({ ids: e.ids, qs: e.qualities, total: e.total }));
    const order = infos.map((_, i) => i).sort((a, b) => infos[a].total - infos[b].total);
    let nt = 0;
    for (let step = 0; step < order.length; step++) {
      const info = infos[order[step]];
      const avgTerms = this.forwardTerms.length / Math.max(1, n);
      if (step > 0 && nt * avgTerms * 2 < info.total) {
        // Few candidates left: check each one's own terms instead of the word's postings.
        for (let i = 0; i < info.ids.length; i++) termQuality[info.ids[i]] = info.qs[i];
        let kept = 0;
        for (let i = 0; i < nt; i++) {
          const doc = touched[i];
          let b = -1;
          for (let k = this.forwardStart[doc], end = this.forwardStart[doc + 1]; k < end; k++) {
            const q = termQuality[this.forwardTerms[k]];
            if (q < 0) continue;
            const sc = q + this.forwardAttr[k] * ATTRIBUTE_WEIGHT;
            if (b < 0 || sc < b) b = sc;
          }
          if (b >= 0) {
            matched[doc] = step + 1;
            scores[doc] += b;
            touched[kept++] = doc;
          }
        }
        for (let i = 0; i < info.ids.length; i++) termQuality[info.ids[i]] = -1;
        nt = kept;
      } else {
        const gen = ++this.generation;
        nt = 0;
        for (let t = 0; t < info.ids.length; t++) {
          const id = info.ids[t];
          const q = info.qs[t];
          for (let k = this.postingStart[id], end = this.postingStart[id + 1]; k < end; k++) {
            const doc = this.postingDocs[k];
            if (matched[doc] !== step) continue;
            const sc = q + this.postingAttr[k] * ATTRIBUTE_WEIGHT;
            if (stamp[doc] !== gen) {
              stamp[doc] = gen;
              best[doc] = sc;
              touched[nt++] = doc;
            } else if (sc < best[doc]) best[doc] = sc;
          }
        }
        for (let i = 0; i < nt; i++) {
          const doc = touched[i];
          matched[doc] = step + 1;
          scores[doc] += best[doc];
        }
      }
      if (nt === 0) break;
    }
    const bits = new Bitset(n);
    for (let i = 0; i < nt; i++) bits.set(touched[i]);
    return { bits, count: nt, scores, words };
  }
}
