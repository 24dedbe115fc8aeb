import { describe, expect, it } from "vitest";
import { formatProblem, JsonSource, pathToPointer, pointerToPath } from "./problems";

// Line and column are 1-based; columns count characters from the start of the line.
const TEXT = [
  "{", //                                                         1
  '  "slug": "sunshine-chery",', //                               2
  '  "routes": {', //                                             3
  '    "/": { "title": "Home", "blocks": [] },', //               4
  '    "/about-us": {', //                                        5
  '      "title": "About",', //                                   6
  '      "blocks": [', //                                         7
  '        { "type": "rich-text" },', //                          8
  '        { "type": "serch-grid", "props": { "a": 1 } }', //     9
  "      ]", //                                                   10
  "    }", //                                                     11
  "  },", //                                                      12
  '  "a~b": 5', //                                                13
  "}",
].join("\n");

describe("pointers", () => {
  it("decodes ~1 and ~0 and turns digits into indexes", () => {
    expect(pointerToPath("/routes/~1about-us/blocks/1/type")).toEqual(["routes", "/about-us", "blocks", 1, "type"]);
    expect(pointerToPath("/a~0b")).toEqual(["a~b"]);
    expect(pointerToPath("")).toEqual([]);
  });

  it("encodes / and ~ (round trip)", () => {
    const path = ["routes", "/search/[[...facets]]", "a~b", 0];
    expect(pathToPointer(path)).toBe("/routes/~1search~1[[...facets]]/a~0b/0");
    expect(pointerToPath(pathToPointer(path))).toEqual(path);
  });
});

describe("JsonSource.locate", () => {
  const src = new JsonSource("m.json", TEXT);

  it("has no syntax errors for valid JSON", () => {
    expect(src.syntaxErrors).toEqual([]);
  });

  it("gives the exact line and column of a top-level value", () => {
    expect(src.locate("/slug")).toEqual({ line: 2, column: 11, exact: true });
  });

  it("gives the exact position of a nested value under a key containing '/'", () => {
    expect(src.locate("/routes/~1about-us/blocks/1/type")).toEqual({ line: 9, column: 19, exact: true });
    expect(src.locate("/routes/~1about-us/title")).toEqual({ line: 6, column: 16, exact: true });
  });

  it("distinguishes '/' from '/about-us'", () => {
    expect(src.locate("/routes/~1/title")).toEqual({ line: 4, column: 21, exact: true });
  });

  it("points at an array element", () => {
    expect(src.locate("/routes/~1about-us/blocks/0")).toEqual({ line: 8, column: 9, exact: true });
  });

  it("points at the property name when asked (preferKey)", () => {
    expect(src.locate("/routes/~1about-us/blocks/1/props/a", true)).toEqual({ line: 9, column: 44, exact: true });
    expect(src.locate("/routes/~1about-us/blocks/1/props/a")).toEqual({ line: 9, column: 49, exact: true });
  });

  it("handles ~0 in keys", () => {
    expect(src.locate("/a~0b")).toEqual({ line: 13, column: 10, exact: true });
  });

  it("falls back to the nearest existing parent for a missing key", () => {
    expect(src.locate("/routes/~1about-us/description")).toEqual({ line: 5, column: 18, exact: false });
    expect(src.locate("/routes/~1about-us/blocks/5/type")).toEqual({ line: 7, column: 17, exact: false });
  });

  it("falls back to the first top-level key (not 1:1) for a missing top-level key", () => {
    expect(src.locate("/name")).toEqual({ line: 2, column: 3, exact: false });
  });

  it("locates the root for the empty pointer", () => {
    expect(src.locate("")).toEqual({ line: 1, column: 1, exact: true });
  });
});

describe("JsonSource syntax errors", () => {
  it("gives line and column of a missing comma", () => {
    const src = new JsonSource("m.json", '{\n  "a": 1\n  "b": 2\n}');
    expect(src.syntaxErrors[0]).toMatchObject({ line: 3, column: 3 });
    expect(src.syntaxErrors[0].message).toBe("JSON syntax error: ',' expected between items");
  });

  it("refuses a trailing comma with its position", () => {
    const src = new JsonSource("m.json", '{\n  "a": 1,\n}');
    expect(src.syntaxErrors.length).toBeGreaterThan(0);
    expect(src.syntaxErrors).toEqual([{ line: 2, column: 9, message: expect.stringContaining("trailing comma") }]);
  });

  it("refuses comments", () => {
    const src = new JsonSource("m.json", '{\n  // note\n  "a": 1\n}');
    expect(src.syntaxErrors[0]).toMatchObject({ line: 2, column: 3, message: "JSON syntax error: comments are not allowed in JSON" });
  });

  it("reports an unquoted key in plain words", () => {
    const src = new JsonSource("m.json", "{\n  slug: 1\n}");
    expect(src.syntaxErrors[0]).toMatchObject({ line: 2, column: 3 });
    expect(src.syntaxErrors[0].message).toMatch(/^JSON syntax error: /);
  });
});

describe("formatProblem", () => {
  it("prints file:line:column, the pointer, the message and the hint", () => {
    expect(
      formatProblem({
        file: "manifests/a.json",
        line: 9,
        column: 19,
        pointer: "/routes/~1/blocks/0/type",
        message: "unknown block type 'serch-grid'",
        hint: "did you mean 'search-grid'?",
        source: "schema",
      }),
    ).toBe("manifests/a.json:9:19  /routes/~1/blocks/0/type  unknown block type 'serch-grid'\n    hint: did you mean 'search-grid'?");
  });

  it("prints '/' for the root pointer and no hint line without a hint", () => {
    expect(formatProblem({ file: "a.json", line: 1, column: 1, pointer: "", message: "bad", source: "json" })).toBe("a.json:1:1  /  bad");
  });
});

describe("what a person gets wrong in JSON", () => {
  it("names a trailing comma and points at the comma itself", () => {
    const src = new JsonSource("a.json", '{\n  "a": [1, 2,],\n  "b": 1,\n}\n');
    expect(src.syntaxErrors).toEqual([
      { line: 2, column: 13, message: expect.stringContaining("trailing comma") },
      { line: 3, column: 9, message: expect.stringContaining("trailing comma") },
    ]);
  });

  it("finds a key written twice in one object at the second copy, naming the first's line", () => {
    const src = new JsonSource("a.json", '{\n  "a": { "x": 1 },\n  "b": { "x": 2,\n    "x": 3 },\n  "a": 4\n}');
    expect(src.syntaxErrors).toEqual([]);
    expect(src.duplicateKeys).toEqual([
      { line: 4, column: 5, key: "x", pointer: "/b/x", firstLine: 3 },
      { line: 5, column: 3, key: "a", pointer: "/a", firstLine: 2 },
    ]);
  });

  it("finds a key written twice however the strings around it are written (escaped quotes, keys as values, inside arrays)", () => {
    const cases: [string, string[]][] = [
      ['{ "a": "say \\"b\\": 1", "b": 2 }', []],
      ['{ "a": ["a", "a"], "b": { "a": "a" } }', []],
      ['{ "a": [{ "k": "\\\\", "k": null }] }', ["/a/0/k"]],
      ['{ "a": {}, "a": {} }', ["/a"]],
      ['{ "a": 1, "b": "x", "a": "y" }', ["/a"]],
      ['{ "\\"": 1, "\\"": 2 }', ['/"']],
    ];
    for (const [text, pointers] of cases) {
      const src = new JsonSource("a.json", text);
      expect(src.syntaxErrors, text).toEqual([]);
      expect(
        src.duplicateKeys.map((d) => d.pointer),
        text,
      ).toEqual(pointers);
    }
  });

  it("locates something missing from the top level at the first key, not at 1:1", () => {
    const src = new JsonSource("a.json", '{\n  "name": "x"\n}');
    expect(src.locate("/slug")).toEqual({ line: 2, column: 3, exact: false });
  });
});

describe("severity", () => {
  it("marks warnings in the printed line", () => {
    expect(formatProblem({ file: "a.json", line: 3, column: 5, pointer: "/x", message: "hm", source: "r", severity: "warning" })).toBe(
      "a.json:3:5  warning: /x  hm",
    );
  });
});
