import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SearchRequestError } from "./errors";
import { andFilters, compileFilter, formatFilter, parseFilters, type FilterNode } from "./filter-grammar";
import { books } from "./fixtures/books";

function matching(filter: string): string[] {
  const pred = compileFilter(parseFilters(filter));
  return books.filter((b) => pred(b)).map((b) => b.objectID);
}

describe("filters grammar: examples from Algolia's documentation", () => {
  const cases: Array<[string, string[]]> = [
    // The long example of the `filters` parameter reference.
    [
      'available = 1 AND (category:Book OR NOT category:Ebook) AND _tags:published AND publication_date:1441745506 TO 1441755506 AND inStock > 0 AND author:"John Doe"',
      ["4"],
    ],
    ["category:Book", ["1", "3"]],
    ["category:book", ["1", "3"]], // values are case-insensitive
    ["category:Book OR category:Ebook", ["1", "2", "3"]],
    ["NOT category:Ebook", ["1", "3", "4", "5", "6"]],
    ['category:"Books and Comics"', ["4"]],
    ['"category":"Books and Comics"', ["4"]],
    ["category:Books\\ and\\ Comics", ["4"]],
    ['(category:Book OR category:Ebook) AND author:"JK Rowling"', ["1", "2"]],
    ['author:"Stephen King" AND NOT _tags:"self-published"', []],
    ['author:"John Doe" AND NOT _tags:draft', ["4"]],
    ["NOT rating:1", ["1", "2", "4", "5"]],
    ["price:10 TO 20", ["1", "4", "5"]],
    ["price:8.99 TO 10", ["2", "4"]],
    ["price < 10", ["2"]],
    ["price<=10", ["2", "4"]],
    ["price = 10", ["4"]],
    ["price != 10", ["1", "2", "3", "5", "6"]],
    ["price > 12.99", ["1", "3", "5", "6"]],
    ["price >= 20", ["3", "5", "6"]],
    ["inStock > 0 AND price < 20", ["1", "4"]],
    ["(price < 10 OR price > 50) AND _tags:published", ["2"]],
    ["_tags:published", ["1", "2", "3", "4"]],
    ["published", ["1", "2", "3", "4"]],
    ['_tags:"self-published"', ["3"]],
    ["published AND NOT _tags:self-published", ["1", "2", "4"]],
    ["free_shipping:true", ["1", "3"]],
    ["free_shipping:false", ["2", "4"]],
    ["NOT free_shipping:true", ["2", "4", "5", "6"]],
    ['title:"The \\"Best\\" Book"', ["4"]],
    ["title:'The \"Best\" Book'", ["4"]],
    ['category:"AND"', ["6"]],
    ['author:"Jane: Doe"', ["6"]],
    ["brand.name:Bloomsbury", ["1"]],
    ["editions.format:hardcover", ["6"]],
    ["editions.pages:125 TO 200", ["6"]],
    ["year:2015", ["4", "5"]], // facet filters match numbers written as strings and vice versa
    ["rating:1", ["3", "6"]],
    ["available=1 AND rating=1", ["6"]],
    ["NOT price:10 TO 20", ["2", "3", "6"]],
    ["publication_date: 1441745506 TO 1441755506", ["1", "2", "3", "4"]],
    ["price:-5 TO 9", ["2"]],
    ["NOT NOT category:Ebook", ["2"]],
    ["((category:Ebook))", ["2"]],
    ["category:Magazine OR price > 50 OR _tags:self-published", ["3", "5", "6"]],
    ["category:Book AND category:Horror", ["3"]],
    ["category:Horror OR category:Ebook AND price < 9", ["2", "3"]], // AND binds tighter
    // The production stock filter shape, mixing facet and numeric inside an OR.
    ["(category:Ebook OR category:Magazine OR publication_date > 1441750000) AND available:1", ["2", "5"]],
    ["   ", ["1", "2", "3", "4", "5", "6"]],
  ];
  it.each(cases)("%s", (filter, expected) => {
    expect(matching(filter)).toEqual(expected);
  });

  it("parses the production stock filter", () => {
    const ast = parseFilters("(status:in_stock OR status:coming_soon OR sold_date_timestamp > 1700000000) AND show_on_dealer_website:true");
    expect(ast).toEqual({
      type: "and",
      children: [
        {
          type: "or",
          children: [
            { type: "facet", attribute: "status", value: "in_stock" },
            { type: "facet", attribute: "status", value: "coming_soon" },
            { type: "numeric", attribute: "sold_date_timestamp", op: ">", value: 1700000000 },
          ],
        },
        { type: "facet", attribute: "show_on_dealer_website", value: "true" },
      ],
    });
  });
});

describe("filters grammar: errors", () => {
  const bad: Array<[string, RegExp]> = [
    ["(category:Book OR category:Ebook))", /^filters: unexpected '\)' at position 33$/],
    ["category:Book AND", /unexpected end of filter at position 17/],
    ["category:Book category:Ebook", /expected AND, OR or end of filter but found 'category' at position 14/],
    ['author:"John Doe', /unterminated quoted string at position 7/],
    ["price > abc", /'abc' is not a number at position 8/],
    ["price:10 TO x", /range bound 'x' is not a number at position 12/],
    ["(category:Book", /expected '\)' but found end of filter at position 14/],
    ["AND category:Book", /unexpected 'AND' at position 0/],
    ["category:", /expected a value after ':' but found end of filter/],
    ["price >", /expected a number after '>'/],
    ["category:Book\\", /dangling escape/],
    [":value", /unexpected ':' at position 0/],
    ["category:Book or category:Ebook", /expected AND, OR or end of filter but found 'or'/],
  ];
  it.each(bad)("%s", (filter, message) => {
    let err: unknown;
    try {
      parseFilters(filter);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SearchRequestError);
    expect((err as SearchRequestError).status).toBe(400);
    expect((err as SearchRequestError).message).toMatch(message);
  });

  it("limits nesting depth and length with a 400", () => {
    expect(() => parseFilters("(".repeat(500) + "a:b" + ")".repeat(500))).toThrow(SearchRequestError);
    expect(() => parseFilters("NOT ".repeat(500) + "a:b")).toThrow(/nested too deeply/);
    expect(() => parseFilters("a:b OR ".repeat(5000) + "a:b")).toThrow(/longer than/);
  });

  it("property: random filter-like strings never throw anything but a 400 SearchRequestError", () => {
    const piece = fc.constantFrom(
      "a",
      "b:c",
      "price",
      ">",
      ">=",
      "<",
      "=",
      "!=",
      "!",
      ":",
      "(",
      ")",
      '"',
      "'",
      "\\",
      " ",
      "AND",
      "OR",
      "NOT",
      "TO",
      "1",
      "-2.5",
      "1e9",
      "x.y",
      "_tags",
      "true",
      "é",
      "\t",
      "\u0000",
      "1e999",
      ".",
      "-",
      "*",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(piece, { maxLength: 30 }).map((a) => a.join("")),
          fc.string({ maxLength: 60 }),
        ),
        (s) => {
          try {
            const ast = parseFilters(s);
            compileFilter(ast)(books[0]);
          } catch (e) {
            if (!(e instanceof SearchRequestError) || e.status !== 400) throw e;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

const attr = fc.constantFrom("category", "price", "_tags", "brand.name", "a b", "AND", 'we"ird', "x\\y");
const value = fc.oneof(fc.constantFrom("Book", "Books and Comics", "NOT", "1", "-3", "it's", "a:b", "(", ""), fc.string({ maxLength: 6 }));
const num = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((d) => (Object.is(d, -0) ? 0 : d)),
);
const leaf: fc.Arbitrary<FilterNode> = fc.oneof(
  fc.record({ type: fc.constant("facet" as const), attribute: attr, value }),
  fc.record({ type: fc.constant("numeric" as const), attribute: attr, op: fc.constantFrom("<", "<=", "=", "!=", ">=", ">" as const), value: num }),
  fc.record({ type: fc.constant("range" as const), attribute: attr, low: num, high: num }),
);
const tree = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ type: fc.constant("not" as const), child: tie("node") }),
    fc.record({ type: fc.constant("and" as const), children: fc.array(tie("node"), { minLength: 2, maxLength: 3 }) }),
    fc.record({ type: fc.constant("or" as const), children: fc.array(tie("node"), { minLength: 2, maxLength: 3 }) }),
  ),
})).node;

/** Parsing flattens directly nested groups of the same kind; do the same to compare. */
function normalize(n: FilterNode): FilterNode {
  if (n.type === "not") return { type: "not", child: normalize(n.child) };
  if (n.type === "and" || n.type === "or") {
    const children: FilterNode[] = [];
    for (const c of n.children.map(normalize)) children.push(c);
    return { type: n.type, children } as FilterNode;
  }
  return n;
}

describe("formatFilter", () => {
  it("property: parse(format(tree)) gives the tree back", () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(parseFilters(formatFilter(t))).toEqual(normalize(t));
      }),
      { numRuns: 500 },
    );
  });
  it("andFilters flattens and drops empties", () => {
    const a = parseFilters("a:1 AND b:2")!;
    const b = parseFilters("c:3 OR d:4")!;
    expect(andFilters([null, a, undefined, b])).toEqual({ type: "and", children: [...(a as { children: FilterNode[] }).children, b] });
    expect(formatFilter(andFilters([a, b])!)).toBe("a:1 AND b:2 AND (c:3 OR d:4)");
    expect(andFilters([null])).toBeNull();
    expect(andFilters([b])).toBe(b);
  });
});
