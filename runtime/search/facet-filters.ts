/**
 * `facetFilters`, `numericFilters` and `tagFilters` (Algolia's array forms) turned
 * into the same filter tree as the `filters` string, so that one evaluator serves all.
 *
 * Nesting: the outer array is AND, an inner array is OR, two levels at most. A plain
 * string is a single filter, or a JSON array, or the legacy comma form
 * `"a,(b,c),-d"` (a AND (b OR c) AND NOT d).
 *  - facetFilters: `attr:value`, `attr:-value` negates, `attr:\-value` is a literal minus.
 *  - numericFilters: `attr op number` (spaces optional) or `attr:low TO high`.
 *  - tagFilters: `tag`, `-tag` negates; `""` means no filter.
 */
import { SearchRequestError } from "./errors";
import { andFilters, parseFilters, type FilterNode } from "./filter-grammar";

type Leaf = (item: string, label: string) => FilterNode;

/** Split the legacy comma form into groups: `a,(b,c),-d` → ["a", ["b","c"], "-d"]. */
export function splitLegacyFilterString(input: string, label: string): Array<string | string[]> {
  const out: Array<string | string[]> = [];
  let i = 0;
  const n = input.length;
  const readItem = (stops: string): string => {
    let s = "";
    while (i < n && !stops.includes(input[i])) {
      if (input[i] === "\\" && i + 1 < n) {
        s += input[i] + input[i + 1];
        i += 2;
        continue;
      }
      s += input[i++];
    }
    return s.trim();
  };
  while (i < n) {
    if (input[i] === "(") {
      const open = i;
      i++;
      const group: string[] = [];
      for (;;) {
        const item = readItem(",()");
        if (item) group.push(item);
        if (i >= n) throw new SearchRequestError(`${label}: unclosed '(' at position ${open}`);
        if (input[i] === "(") throw new SearchRequestError(`${label}: nested '(' at position ${i}`);
        if (input[i] === ")") {
          i++;
          break;
        }
        i++; // ','
      }
      if (group.length) out.push(group);
    } else if (input[i] === ")") {
      throw new SearchRequestError(`${label}: unexpected ')' at position ${i}`);
    } else {
      const item = readItem(",()");
      if (item) out.push(item);
    }
    while (i < n && input[i] === " ") i++;
    if (i < n) {
      if (input[i] === ",") i++;
      else if (input[i] === ")") throw new SearchRequestError(`${label}: unexpected ')' at position ${i}`);
      else if (input[i] !== "(") throw new SearchRequestError(`${label}: expected ',' at position ${i}`);
    }
  }
  return out;
}

function toArray(input: unknown, label: string): unknown[] | null {
  if (input === undefined || input === null) return null;
  if (typeof input === "string") {
    const t = input.trim();
    if (t === "") return null;
    if (t.startsWith("[")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(t);
      } catch {
        throw new SearchRequestError(`${label}: invalid JSON array`);
      }
      if (!Array.isArray(parsed)) throw new SearchRequestError(`${label}: must be a string or an array`);
      return parsed;
    }
    return splitLegacyFilterString(t, label);
  }
  if (Array.isArray(input)) return input;
  throw new SearchRequestError(`${label}: must be a string or an array`);
}

function buildNested(input: unknown, label: string, leaf: Leaf): FilterNode | null {
  const outer = toArray(input, label);
  if (!outer) return null;
  const ands: FilterNode[] = [];
  for (const item of outer) {
    if (typeof item === "string") {
      if (item.trim() === "") continue;
      ands.push(leaf(item, label));
    } else if (Array.isArray(item)) {
      const ors: FilterNode[] = [];
      for (const inner of item) {
        if (typeof inner !== "string") {
          throw new SearchRequestError(Array.isArray(inner) ? `${label}: arrays can be nested two levels at most` : `${label}: filters must be strings`);
        }
        if (inner.trim() === "") continue;
        ors.push(leaf(inner, label));
      }
      if (ors.length === 1) ands.push(ors[0]);
      else if (ors.length > 1) ands.push({ type: "or", children: ors });
    } else {
      throw new SearchRequestError(`${label}: filters must be strings`);
    }
  }
  return andFilters(ands);
}

function unescapeName(s: string): string {
  return s.replace(/\\(.)/g, "$1");
}

const facetLeaf: Leaf = (item, label) => {
  // First unescaped ':' separates the attribute from the value.
  let idx = -1;
  for (let i = 0; i < item.length; i++) {
    if (item[i] === "\\") {
      i++;
      continue;
    }
    if (item[i] === ":") {
      idx = i;
      break;
    }
  }
  if (idx <= 0) throw new SearchRequestError(`${label}: expected 'attribute:value' but found '${item}'`);
  let attribute = unescapeName(item.slice(0, idx)).trim();
  if (attribute.length >= 2 && attribute.startsWith('"') && attribute.endsWith('"')) attribute = attribute.slice(1, -1);
  let value = item.slice(idx + 1);
  let negate = false;
  if (value.startsWith("-")) {
    negate = true;
    value = value.slice(1);
  } else if (value.startsWith("\\-")) {
    value = value.slice(1);
  }
  const node: FilterNode = { type: "facet", attribute, value };
  return negate ? { type: "not", child: node } : node;
};

const numericLeaf: Leaf = (item, label) => {
  const node = parseFilters(item, label);
  if (!node || (node.type !== "numeric" && node.type !== "range")) {
    throw new SearchRequestError(`${label}: expected 'attribute operator number' or 'attribute:low TO high' but found '${item}'`);
  }
  return node;
};

const tagLeaf: Leaf = (item) => {
  if (item.startsWith("-")) return { type: "not", child: { type: "facet", attribute: "_tags", value: item.slice(1) } };
  if (item.startsWith("\\-")) return { type: "facet", attribute: "_tags", value: item.slice(1) };
  return { type: "facet", attribute: "_tags", value: item };
};

export function facetFiltersToNode(input: unknown, label = "facetFilters"): FilterNode | null {
  return buildNested(input, label, facetLeaf);
}

export function numericFiltersToNode(input: unknown, label = "numericFilters"): FilterNode | null {
  return buildNested(input, label, numericLeaf);
}

export function tagFiltersToNode(input: unknown, label = "tagFilters"): FilterNode | null {
  return buildNested(input, label, tagLeaf);
}
