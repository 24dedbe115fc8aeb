/**
 * Algolia `filters` grammar: parser, canonical formatter and record predicate.
 *
 * A permissive superset of Algolia's documented grammar:
 *  - facet `attr:value` (also booleans `attr:true`), tags `_tags:value` or a bare value;
 *  - numeric `attr <op> number` with `< <= = != >= >`, spaces optional;
 *  - ranges `attr:low TO high` (inclusive);
 *  - `AND`, `OR`, `NOT` (upper case only), parentheses, nested freely (Algolia's
 *    restrictions such as "no AND inside OR" or "no mixing facet and numeric in an OR"
 *    are not enforced: everything is ordinary boolean logic, AND binding tighter than OR);
 *  - names and values may be quoted with `"` or `'`; backslash escapes the next character
 *    inside and outside quotes; dot paths address nested attributes.
 *
 * Semantics (shared with the engine's bitset evaluation): facet values compare
 * case-insensitively with the record's strings, numbers (`year:2020` matches 2020)
 * and booleans; arrays match when any element matches; `attr != n` is `NOT attr = n`
 * (so records without the attribute match it).
 *
 * Errors are `SearchRequestError` (400) naming the problem and the 0-based character
 * position, e.g. `filters: unexpected ')' at position 12`.
 */
import { SearchRequestError } from "./errors";
import { pathReader, type Scalar } from "./record-path";

export type NumericOperator = "<" | "<=" | "=" | "!=" | ">=" | ">";

export type FilterNode =
  | { type: "and"; children: FilterNode[] }
  | { type: "or"; children: FilterNode[] }
  | { type: "not"; child: FilterNode }
  | { type: "facet"; attribute: string; value: string }
  | { type: "numeric"; attribute: string; op: NumericOperator; value: number }
  | { type: "range"; attribute: string; low: number; high: number };

export const MAX_FILTER_LENGTH = 16_384;
const MAX_DEPTH = 64;

type Token =
  | { kind: "("; pos: number }
  | { kind: ")"; pos: number }
  | { kind: ":"; pos: number }
  | { kind: "op"; op: NumericOperator; pos: number }
  | { kind: "word"; text: string; quoted: boolean; pos: number }
  | { kind: "end"; pos: number };

const KEYWORDS = new Set(["AND", "OR", "NOT", "TO"]);
const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Parse a string as a finite number in filter syntax, or return NaN. */
export function parseFilterNumber(text: string): number {
  if (!NUMBER_RE.test(text)) return NaN;
  const n = Number(text);
  return Number.isFinite(n) ? n : NaN;
}

function describe(t: Token): string {
  switch (t.kind) {
    case "end":
      return "end of filter";
    case "word":
      return t.quoted ? `"${t.text}"` : `'${t.text}'`;
    case "op":
      return `'${t.op}'`;
    default:
      return `'${t.kind}'`;
  }
}

function tokenize(input: string, label: string): Token[] {
  const tokens: Token[] = [];
  const n = input.length;
  let i = 0;
  const fail = (msg: string, pos: number): never => {
    throw new SearchRequestError(`${label}: ${msg} at position ${pos}`);
  };
  while (i < n) {
    const c = input[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") {
      i++;
      continue;
    }
    if (c === "(" || c === ")" || c === ":") {
      tokens.push({ kind: c, pos: i });
      i++;
      continue;
    }
    if (c === "<" || c === ">") {
      if (input[i + 1] === "=") {
        tokens.push({ kind: "op", op: (c + "=") as NumericOperator, pos: i });
        i += 2;
      } else {
        tokens.push({ kind: "op", op: c, pos: i });
        i++;
      }
      continue;
    }
    if (c === "=") {
      tokens.push({ kind: "op", op: "=", pos: i });
      i++;
      continue;
    }
    if (c === "!" && input[i + 1] === "=") {
      tokens.push({ kind: "op", op: "!=", pos: i });
      i += 2;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = i;
      i++;
      let text = "";
      let closed = false;
      while (i < n) {
        const d = input[i];
        if (d === "\\") {
          if (i + 1 >= n) fail("dangling escape '\\'", i);
          text += input[i + 1];
          i += 2;
          continue;
        }
        if (d === c) {
          closed = true;
          i++;
          break;
        }
        text += d;
        i++;
      }
      if (!closed) fail(`unterminated quoted string`, start);
      tokens.push({ kind: "word", text, quoted: true, pos: start });
      continue;
    }
    // Unquoted word.
    const start = i;
    let text = "";
    while (i < n) {
      const d = input[i];
      if (d === "\\") {
        if (i + 1 >= n) fail("dangling escape '\\'", i);
        text += input[i + 1];
        i += 2;
        continue;
      }
      if (
        d === " " ||
        d === "\t" ||
        d === "\n" ||
        d === "\r" ||
        d === "\f" ||
        d === "\v" ||
        d === "(" ||
        d === ")" ||
        d === ":" ||
        d === "<" ||
        d === ">" ||
        d === "=" ||
        d === '"' ||
        d === "'" ||
        (d === "!" && input[i + 1] === "=")
      ) {
        break;
      }
      text += d;
      i++;
    }
    tokens.push({ kind: "word", text, quoted: false, pos: start });
  }
  tokens.push({ kind: "end", pos: n });
  return tokens;
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly label: string,
  ) {}

  private peek(): Token {
    return this.tokens[this.i];
  }
  private next(): Token {
    return this.tokens[this.i++];
  }
  private fail(msg: string, pos: number): never {
    throw new SearchRequestError(`${this.label}: ${msg} at position ${pos}`);
  }
  private isKeyword(t: Token, kw: string): boolean {
    return t.kind === "word" && !t.quoted && t.text === kw;
  }

  parse(): FilterNode {
    const node = this.parseOr(0);
    const t = this.peek();
    if (t.kind !== "end") {
      if (t.kind === ")") this.fail("unexpected ')'", t.pos);
      this.fail(`expected AND, OR or end of filter but found ${describe(t)}`, t.pos);
    }
    return node;
  }

  private parseOr(depth: number): FilterNode {
    return this.parseJoined("OR", "or", () => this.parseAnd(depth));
  }

  private parseAnd(depth: number): FilterNode {
    return this.parseJoined("AND", "and", () => this.parseUnary(depth));
  }

  /** Operands joined by one keyword; a single operand stands alone rather than as a one-child node. */
  private parseJoined(keyword: "AND" | "OR", type: "and" | "or", parseOperand: () => FilterNode): FilterNode {
    const first = parseOperand();
    if (!this.isKeyword(this.peek(), keyword)) return first;
    const children = [first];
    while (this.isKeyword(this.peek(), keyword)) {
      this.next();
      children.push(parseOperand());
    }
    return { type, children };
  }

  private parseUnary(depth: number): FilterNode {
    if (depth > MAX_DEPTH) this.fail("filter nested too deeply", this.peek().pos);
    if (this.isKeyword(this.peek(), "NOT")) {
      this.next();
      return { type: "not", child: this.parseUnary(depth + 1) };
    }
    return this.parsePrimary(depth);
  }

  private parsePrimary(depth: number): FilterNode {
    const t = this.next();
    if (t.kind === "(") {
      const inner = this.parseOr(depth + 1);
      const close = this.next();
      if (close.kind !== ")") this.fail(`expected ')' but found ${describe(close)}`, close.pos);
      return inner;
    }
    if (t.kind === ")") this.fail("unexpected ')'", t.pos);
    if (t.kind === "end") this.fail("unexpected end of filter", t.pos);
    if (t.kind !== "word") this.fail(`unexpected ${describe(t)}`, t.pos);
    if (!t.quoted && KEYWORDS.has(t.text)) this.fail(`unexpected '${t.text}'`, t.pos);
    if (t.text === "") this.fail("empty attribute name", t.pos);
    const after = this.peek();
    if (after.kind === ":") {
      this.next();
      const v = this.next();
      if (v.kind !== "word") this.fail(`expected a value after ':' but found ${describe(v)}`, v.pos);
      if (this.isKeyword(this.peek(), "TO")) {
        this.next();
        const hi = this.next();
        if (hi.kind !== "word") this.fail(`expected a number after 'TO' but found ${describe(hi)}`, hi.pos);
        const low = parseFilterNumber(v.text);
        const high = parseFilterNumber(hi.text);
        if (Number.isNaN(low)) this.fail(`range bound '${v.text}' is not a number`, v.pos);
        if (Number.isNaN(high)) this.fail(`range bound '${hi.text}' is not a number`, hi.pos);
        return { type: "range", attribute: t.text, low, high };
      }
      return { type: "facet", attribute: t.text, value: v.text };
    }
    if (after.kind === "op") {
      this.next();
      const v = this.next();
      if (v.kind !== "word") this.fail(`expected a number after '${after.op}' but found ${describe(v)}`, v.pos);
      const value = parseFilterNumber(v.text);
      if (Number.isNaN(value)) this.fail(`'${v.text}' is not a number`, v.pos);
      return { type: "numeric", attribute: t.text, op: after.op, value };
    }
    // Bare value: a tag.
    return { type: "facet", attribute: "_tags", value: t.text };
  }
}

/**
 * Parse an Algolia filter string. Returns null for an empty (or blank) string.
 * @param label prefix of error messages (`filters`, `facetFilters`, ...).
 */
export function parseFilters(input: string, label = "filters"): FilterNode | null {
  if (typeof input !== "string") throw new SearchRequestError(`${label}: must be a string`);
  if (input.length > MAX_FILTER_LENGTH) {
    throw new SearchRequestError(`${label}: filter is longer than ${MAX_FILTER_LENGTH} characters`);
  }
  if (input.trim() === "") return null;
  return new Parser(tokenize(input, label), label).parse();
}

/** AND several optional filters together (flattening nested ANDs). */
export function andFilters(nodes: ReadonlyArray<FilterNode | null | undefined>): FilterNode | null {
  const children: FilterNode[] = [];
  for (const n of nodes) {
    if (!n) continue;
    if (n.type === "and") children.push(...n.children);
    else children.push(n);
  }
  if (children.length === 0) return null;
  if (children.length === 1) return children[0];
  return { type: "and", children };
}

const BARE_RE = /^[A-Za-z0-9_.\-+@/]+$/;

/** Quote a name or value for the filter grammar when needed. */
export function quoteFilterToken(text: string): string {
  if (BARE_RE.test(text) && !KEYWORDS.has(text)) return text;
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function formatNumber(n: number): string {
  return String(n);
}

/**
 * Canonical text of a filter; parsing it gives back the same tree. Used as a cache
 * key and to send combined filters to Algolia.
 */
export function formatFilter(node: FilterNode): string {
  switch (node.type) {
    case "facet":
      return `${quoteFilterToken(node.attribute)}:${quoteFilterToken(node.value)}`;
    case "numeric":
      return `${quoteFilterToken(node.attribute)} ${node.op} ${formatNumber(node.value)}`;
    case "range":
      return `${quoteFilterToken(node.attribute)}:${formatNumber(node.low)} TO ${formatNumber(node.high)}`;
    case "not": {
      const inner = formatFilter(node.child);
      return node.child.type === "and" || node.child.type === "or" ? `NOT (${inner})` : `NOT ${inner}`;
    }
    case "and":
      return node.children.map((c) => (c.type === "or" || c.type === "and" ? `(${formatFilter(c)})` : formatFilter(c))).join(" AND ");
    case "or":
      return node.children.map((c) => (c.type === "and" || c.type === "or" ? `(${formatFilter(c)})` : formatFilter(c))).join(" OR ");
  }
}

/** Does one record scalar equal a facet filter value (given lower-cased, plus its number if numeric)? */
export function scalarMatchesFacet(v: Scalar, lower: string, asNumber: number): boolean {
  if (typeof v === "string") return v.toLowerCase() === lower;
  if (typeof v === "number") return v === asNumber || String(v) === lower;
  return (v ? "true" : "false") === lower;
}

export function compareNumber(x: number, op: NumericOperator, value: number): boolean {
  switch (op) {
    case "<":
      return x < value;
    case "<=":
      return x <= value;
    case "=":
      return x === value;
    case "!=":
      return x !== value;
    case ">=":
      return x >= value;
    case ">":
      return x > value;
  }
}

export type RecordPredicate = (record: unknown) => boolean;

/**
 * Compile a parsed filter into a predicate over plain records (path readers and
 * lower-cased values are prepared once, so call this once per request).
 */
export function compileFilter(node: FilterNode | null): RecordPredicate {
  if (!node) return () => true;
  switch (node.type) {
    case "facet": {
      const read = pathReader(node.attribute);
      const lower = node.value.toLowerCase();
      const num = parseFilterNumber(node.value);
      return (r) => {
        const vs = read(r);
        for (let i = 0; i < vs.length; i++) if (scalarMatchesFacet(vs[i], lower, num)) return true;
        return false;
      };
    }
    case "numeric": {
      const read = pathReader(node.attribute);
      const { op, value } = node;
      if (op === "!=") {
        return (r) => {
          const vs = read(r);
          for (let i = 0; i < vs.length; i++) if (typeof vs[i] === "number" && vs[i] === value) return false;
          return true;
        };
      }
      return (r) => {
        const vs = read(r);
        for (let i = 0; i < vs.length; i++) {
          const x = vs[i];
          if (typeof x === "number" && compareNumber(x, op, value)) return true;
        }
        return false;
      };
    }
    case "range": {
      const read = pathReader(node.attribute);
      const { low, high } = node;
      return (r) => {
        const vs = read(r);
        for (let i = 0; i < vs.length; i++) {
          const x = vs[i];
          if (typeof x === "number" && x >= low && x <= high) return true;
        }
        return false;
      };
    }
    case "not": {
      const inner = compileFilter(node.child);
      return (r) => !inner(r);
    }
    case "and": {
      const parts = node.children.map(compileFilter);
      return (r) => {
        for (let i = 0; i < parts.length; i++) if (!parts[i](r)) return false;
        return true;
      };
    }
    case "or": {
      const parts = node.children.map(compileFilter);
      return (r) => {
        for (let i = 0; i < parts.length; i++) if (parts[i](r)) return true;
        return false;
      };
    }
  }
}
