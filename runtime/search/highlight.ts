/**
 * `_highlightResult` building: mirrors the record's shape for string (and searchable
 * number) attributes, with `{value, matchLevel, matchedWords, fullyHighlighted}` per
 * value, wrapping the matched parts of query words in the request's highlight tags.
 * Prefix matches wrap only the typed prefix ("<em>Toy</em>ota"), like Algolia.
 */
import type { QueryWord } from "./text-index";
import { tokenize } from "./text";

export type MatchLevel = "none" | "partial" | "full";

export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface HighlightOptions {
  /** Query words with their matching terms; null or [] for an empty query. */
  words: readonly QueryWord[] | null;
  /** Paths of searchable attributes (their descendants are searchable too). */
  isSearchable: (path: string) => boolean;
  /** Top-level attributes to highlight; null for all. */
  attributes: readonly string[] | null;
  preTag: string;
  postTag: string;
}

const none = (value: string): HighlightValue => ({ value, matchLevel: "none", matchedWords: [] });

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

/** Build the `_highlightResult` object of one record. */
export function buildHighlightResult(record: Record<string, unknown>, opts: HighlightOptions): Record<string, unknown> {
  const { words, isSearchable, preTag, postTag } = opts;
  const mirror = (v: unknown, path: string): unknown => {
    if (typeof v === "string") return isSearchable(path) ? highlightString(v, words, preTag, postTag) : none(v);
    if (typeof v === "number") return isSearchable(path) ? highlightString(String(v), words, preTag, postTag) : undefined;
    if (Array.isArray(v)) {
      let any = false;
      const arr = v.map((el) => {
        const m = mirror(el, path);
        if (m !== undefined) any = true;
        return m ?? none(el === null || el === undefined ? "" : String(el));
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
  const result: Record<string, unknown> = {};
  const wanted = opts.attributes && !opts.attributes.includes("*") ? opts.attributes : null;
  for (const k of Object.keys(record)) {
    if (k === "_highlightResult" || k === "_snippetResult" || k === "_rankingInfo") continue;
    if (wanted && !wanted.some((a) => a === k || a.startsWith(k + "."))) continue;
    const m = mirror(record[k], k);
    if (m !== undefined) result[k] = m;
  }
  return result;
}
