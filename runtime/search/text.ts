/**
 * Text normalisation and tokenisation shared by the text index, highlighting and
 * facet-value search: lower case, accents removed, words are runs of letters and
 * digits. Tokens keep their position in the original string for highlighting.
 */
export interface Token {
  /** Normalised text. */
  text: string;
  /** Start and end (exclusive) in the original string. */
  start: number;
  end: number;
  /** Original offsets of each normalised character (for partial highlighting). */
  ends: number[];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const MARKS = /[\u0300-\u036f]/g;
const charCache = new Map<string, string>();

function normChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : c;
  let v = charCache.get(c);
  if (v === undefined) {
    v = c.normalize("NFD").replace(MARKS, "").toLowerCase();
    if (charCache.size < 10_000) charCache.set(c, v);
  }
  return v;
}

function isWordChar(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(c);
}

/** Normalise a whole string (no tokenisation). */
export function normalizeText(s: string): string {
  let out = "";
  for (const c of s) out += normChar(c);
  return out;
}

/** Split into normalised word tokens with original positions. */
export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let cur: Token | null = null;
  let i = 0;
  for (const c of s) {
    const len = c.length;
    if (isWordChar(c)) {
      const n = normChar(c);
      if (!cur) cur = { text: "", start: i, end: i, ends: [] };
      cur.text += n;
      for (let k = 0; k < n.length; k++) cur.ends.push(i + len);
      cur.end = i + len;
    } else if (cur) {
      out.push(cur);
      cur = null;
    }
    i += len;
  }
  if (cur) out.push(cur);
  return out;
}

/** Normalised words only. */
export function words(s: string): string[] {
  return tokenize(s).map((t) => t.text);
}

/**
 * Index-time terms of a value: its words plus, for words joined by a hyphen, slash or
 * dot without spaces ("CX-5", "4x4/AWD"), the concatenation ("cx5"), so that a shopper
 * typing either form finds it.
 */
export function indexTerms(s: string): string[] {
  const toks = tokenize(s);
  const out = toks.map((t) => t.text);
  let run = toks.length ? toks[0].text : "";
  let runLen = 1;
  for (let k = 1; k < toks.length; k++) {
    const gap = s.slice(toks[k - 1].end, toks[k].start);
    if (gap.length === 1 && (gap === "-" || gap === "/" || gap === ".")) {
      run += toks[k].text;
      runLen++;
    } else {
      if (runLen > 1) out.push(run);
      run = toks[k].text;
      runLen = 1;
    }
  }
  if (runLen > 1) out.push(run);
  return out;
}

/**
 * Optimal-string-alignment (Damerau) distance between a and b, or `max + 1` when it
 * exceeds `max`. With `prefix`, the distance between a and the closest prefix of b.
 */
export function boundedDistance(a: string, b: string, max: number, prefix = false): number {
  const la = a.length;
  const lb = prefix ? Math.min(b.length, la + max) : b.length;
  if (!prefix && Math.abs(la - lb) > max) return max + 1;
  if (prefix && lb < la - max) return max + 1;
  let prev2 = new Array<number>(lb + 1);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  if (!prefix) return Math.min(prev[lb], max + 1);
  let best = max + 1;
  for (let j = 0; j <= lb; j++) if (prev[j] < best) best = prev[j];
  return best;
}

/** Algolia's default typo allowance: 1 typo from 4 characters, 2 from 8. */
export function allowedTypos(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}
