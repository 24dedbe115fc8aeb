import { describe, expect, it } from "vitest";
import { syntaxProblemsOf } from "./syntax";

describe("a manifest the studio cannot read, in plain words", () => {
  it("puts a missing comma at its line and column, naming what follows", () => {
    const text = `{\n  "name": "x",\n  "contact": {\n    "email": "a@b.c"\n    "hours": 1\n  }\n}\n`;
    expect(syntaxProblemsOf(text)).toEqual([
      { line: 5, column: 5, words: 'a comma is missing before "hours"', message: 'Line 5, column 5: a comma is missing before "hours".' },
    ]);
  });

  it("points at a trailing comma itself, once", () => {
    const problems = syntaxProblemsOf(`{\n  "list": [1, 2,],\n  "o": {"a": 1,}\n}`);
    expect(problems.map((p) => [p.line, p.column])).toEqual([
      [2, 16],
      [3, 15],
    ]);
    expect(problems[0].words).toMatch(/^the comma after the last item must go/);
  });

  it("says what is missing: a colon, a closing quote and brace at the end of the file", () => {
    expect(syntaxProblemsOf(`{"o": {"a" 1}}`)[0].message).toBe("Line 1, column 12: a colon (:) is missing after a name, before “1”.");
    expect(syntaxProblemsOf(`{"a": "b`).map((p) => p.words)).toEqual([
      'a text is not closed with a double quote (")',
      "a closing } is missing before the end of the file",
    ]);
  });

  it("finds nothing in a file that reads, comments allowed as the studio reads them", () => {
    expect(syntaxProblemsOf(`{\n  // the name\n  "a": 1\n}`)).toEqual([]);
  });
});
