/**
 * `_highlightResult` building: mirrors the record's shape for string (and searchable
 * number) attributes, with `{value, matchLevel, matchedWords, fullyHighlighted}` per
 * value, wrapping the matched parts of query words in the request's highlight tags.
 * Prefix matches wrap only the typed prefix ("<em>Toy</em>ota"), like Algolia.
 *
 * Which attributes, as Algolia decides: by default (no `attributesToHighlight`) the searchable
 * attributes, the only ones a query word can match; `["*"]` every attribute; a list, those. A car
 * has about 280 strings and 16 searchable attributes, so mirroring every one by default made a
 * page of 21 hits about 6,000 objects and several hundred kilobytes of JSON that said "none".
 */
import type { QueryWord } from "./text-index";
import { tokenize } from "./text";

export type MatchLevel = "none" | "partial" | "full";

export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  readonly matchedWords: readonly string[];
  fullyHighlighted?: boolean;
}

export interface HighlightOptions {
  /** Query words with their matching terms; null or [] for an empty query. */
  words: readonly QueryWord[] | null;
  /** Paths of searchable attributes (their descendants are searchable too). */
  isSearchable: (path: string) => boolean;
  /**
   * The same answer as a tree of the searchable paths (see `searchableTree`): when given,
   * it is used instead of `isSearchable`, so that no path strings are built while walking
   * the record and subtrees with nothing searchable are mirrored without lookups.
   */
  searchableTree?: SearchableTree;
  /** Attributes to highlight (`attributesToHighlight`): null for the searchable ones, `["*"]` for all. */
  attributes: readonly string[] | null;
  preTag: string;
  postTag: string;
}

/**
 * The matched words of every value that matched none: one frozen empty list, not one per value. A
 * hit mirrors each of its record's strings (about 280 for a car, most of them not searchable), so a
 * page of 21 hits made about 6,000 empty arrays of garbage a query.
 */
const NO_WORDS: readonly string[] = Object.freeze([]);
const none = (value: string): HighlightValue => ({ value, matchLevel: "none", matchedWords: NO_WORDS });

export function highlightString(value: string, words: readonly QueryWord[] | null, preTag: string, postTag: string): HighlightValue {
  if (!words || words.length === 0) return none(value);
  const tokens = tokenize(value);
  if (tokens.length === 0) return none(value);
  const matched = new Array<boolean>(words.length).fill(false);
  let out = "";
  let pos = 0;
  let allFull = true;
  for (const tok of tokens) {
    let hlEnd = -1;
    for (let wi = 0; wi < words.length; wi++) {
      const m = words[wi].terms.get(tok.text);
      if (!m) continue;
      matched[wi] = true;
      let end = tok.end;
      if (m.prefix) {
        const len = Math.min(words[wi].word.length, tok.ends.length);
        end = len > 0 ? tok.ends[len - 1] : tok.start;
      }
      if (end > hlEnd) hlEnd = end;
    }
    if (hlEnd <= tok.start) {
      allFull = false;
      continue;
    }
    if (hlEnd < tok.end) allFull = false;
    out += value.slice(pos, tok.start) + preTag + value.slice(tok.start, hlEnd) + postTag;
    pos = hlEnd;
  }
  const matchedWords: string[] = [];
  const seen = new Set<string>();
  const distinct = new Set(words.map((w) => w.word));
  words.forEach((w, i) => {
    if (matched[i] && !seen.has(w.word)) {
      seen.add(w.word);
      matchedWords.push(w.word);
    }
  });
  if (matchedWords.length === 0) return none(value);
  out += value.slice(pos);
  return {
    value: out,
    matchLevel: matchedWords.length === distinct.size ? "full" : "partial",
    matchedWords,
    fullyHighlighted: allFull,
  };
}

/**
 * Searchable attribute paths as a tree of path segments: a node is `searchable` when its
 * path is one of the attributes (then every descendant is searchable too).
 */
export interface SearchableTree {
  searchable: boolean;
  children: Map<string, SearchableTree>;
}

export function searchableTree(paths: Iterable<string>): SearchableTree {
  const root: SearchableTree = { searchable: false, children: new Map() };
  for (const p of paths) {
    let node = root;
    for (const seg of p.split(".")) {
      let c = node.children.get(seg);
      if (!c) node.children.set(seg, (c = { searchable: false, children: new Map() }));
      node = c;
    }
    node.searchable = true;
  }
  return root;
}

/**
 * Where the walk stands in the tree: a node (nothing above it searchable), ALL (an
 * ancestor is searchable) or null (no searchable path below).
 */
type TreePos = SearchableTree | typeof ALL | null;
const ALL = { all: true } as const;

function descend(pos: TreePos, key: string): TreePos {
  if (pos === ALL || pos === null) return pos;
  let node: SearchableTree | undefined = pos as SearchableTree;
  if (key.includes(".")) {
    // A key containing dots addresses the same path as the nested keys would.
    for (const seg of key.split(".")) {
      node = node!.children.get(seg);
      if (!node) return null;
      if (node.searchable) return ALL;
    }
    return node;
  }
  node = node.children.get(key);
  if (!node) return null;
  return node.searchable ? ALL : node;
}

/** Build the `_highlightResult` object of one record. */
export function buildHighlightResult(record: Record<string, unknown>, opts: HighlightOptions): Record<string, unknown> {
  const { words, isSearchable, preTag, postTag } = opts;
  const result: Record<string, unknown> = {};
  const wanted = opts.attributes && !opts.attributes.includes("*") ? opts.attributes : null;
  const tree = opts.searchableTree;
  // The default: only what is searchable.
  const searchableOnly = opts.attributes === null;
  if (tree) {
    for (const k in record) {
      if (!hasOwn.call(record, k)) continue;
      if (k === "_highlightResult" || k === "_snippetResult" || k === "_rankingInfo") continue;
      if (wanted && !wanted.some((a) => a === k || a.startsWith(k + "."))) continue;
      const m = mirrorTree(record[k], descend(tree, k), words, preTag, postTag, searchableOnly);
      if (m !== undefined) result[k] = m;
    }
    return result;
  }
  const mirror = (v: unknown, path: string): unknown => {
    if (typeof v === "string") return isSearchable(path) ? highlightString(v, words, preTag, postTag) : searchableOnly ? undefined : none(v);
    if (typeof v === "number") return isSearchable(path) ? highlightString(String(v), words, preTag, postTag) : undefined;
    if (Array.isArray(v)) {
      let any = false;
      const arr = v.map((el) => {
        const m = mirror(el, path);
        if (m !== undefined) any = true;
        return m ?? filler(el);
      });
      return any ? arr : undefined;
    }
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      let any = false;
      for (const k of Object.keys(v)) {
        const m = mirror((v as Record<string, unknown>)[k], `${path}.${k}`);
        if (m !== undefined) {
          out[k] = m;
          any = true;
        }
      }
      return any ? out : undefined;
    }
    return undefined;
  };
  for (const k of Object.keys(record)) {
    if (k === "_highlightResult" || k === "_snippetResult" || k === "_rankingInfo") continue;
    if (wanted && !wanted.some((a) => a === k || a.startsWith(k + "."))) continue;
    const m = mirror(record[k], k);
    if (m !== undefined) result[k] = m;
  }
  return result;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * What stands in an array's highlight for an element with nothing highlighted, so that positions still line up with
 * the record's: an empty object or list for one (never the text "[object Object]"), a "none" value for anything else.
 */
function filler(el: unknown): unknown {
  if (Array.isArray(el)) return [];
  if (el !== null && typeof el === "object") return {};
  return none(el === null || el === undefined ? "" : String(el));
}

/**
 * `mirror` above, with searchability tracked in the tree instead of path strings; with
 * `searchableOnly`, what is not searchable is left out rather than mirrored as "none".
 */
function mirrorTree(v: unknown, pos: TreePos, words: readonly QueryWord[] | null, preTag: string, postTag: string, searchableOnly: boolean): unknown {
  if (pos === null) return searchableOnly ? undefined : mirrorPlain(v);
  if (typeof v === "string") return pos === ALL ? highlightString(v, words, preTag, postTag) : searchableOnly ? undefined : none(v);
  if (typeof v === "number") return pos === ALL ? highlightString(String(v), words, preTag, postTag) : undefined;
  if (Array.isArray(v)) {
    let any = false;
    const arr = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) continue; // holes stay holes, as with map
      const el = v[i];
      const m = mirrorTree(el, pos, words, preTag, postTag, searchableOnly);
      if (m !== undefined) any = true;
      arr[i] = m ?? filler(el);
    }
    return any ? arr : undefined;
  }
  if (v !== null && typeof v === "object") {
    let out: Record<string, unknown> | undefined;
    // for-in with an own check enumerates as Object.keys does, without allocating the key array.
    for (const k in v) {
      if (!hasOwn.call(v, k)) continue;
      const m = mirrorTree((v as Record<string, unknown>)[k], descend(pos, k), words, preTag, postTag, searchableOnly);
      if (m !== undefined) (out ??= {})[k] = m;
    }
    return out;
  }
  return undefined;
}

/** Mirror of a subtree with nothing searchable in it: strings become "none" values, numbers drop. */
function mirrorPlain(v: unknown): unknown {
  if (typeof v === "string") return none(v);
  if (typeof v !== "object" || v === null) return undefined;
  if (Array.isArray(v)) {
    let any = false;
    const arr = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) continue;
      const el = v[i];
      const m = mirrorPlain(el);
      if (m !== undefined) any = true;
      arr[i] = m ?? filler(el);
    }
    return any ? arr : undefined;
  }
  let out: Record<string, unknown> | undefined;
  for (const k in v) {
    if (!hasOwn.call(v, k)) continue;
    const m = mirrorPlain((v as Record<string, unknown>)[k]);
    if (m !== undefined) (out ??= {})[k] = m;
  }
  return out;
}
