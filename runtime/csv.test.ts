import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, toCsv } from "./csv";

describe("toCsv (RFC 4180, formula-safe)", () => {
  it("quotes fields with commas, quotes, CR or LF and doubles quotes; every row ends with CRLF", () => {
    expect(
      toCsv([
        ["a", "b,c", 'say "hi"', "two\nlines", "cr\rx", ""],
        [1, true, null, undefined, { a: 1 }, "plain"],
      ]),
    ).toBe('a,"b,c","say ""hi""","two\nlines","cr\rx",\r\n1,true,,,"{""a"":1}",plain\r\n');
    expect(toCsv([[new Date("2025-07-01T00:00:00Z"), false, 0]])).toBe("2025-07-01T00:00:00.000Z,false,0\r\n");
  });

  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", `"'\rCR"`],
    ["＝1+1", "'＝1+1"],
    ["+61 412 345 678", "'+61 412 345 678"],
  ])("neutralises a text cell starting like a formula: %j", (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it("keeps numbers as numbers, negative ones included, and writes raw cells when asked", () => {
    expect(csvCell(-27.5)).toBe("-27.5");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("=1+1", { raw: true })).toBe("=1+1");
  });
});

describe("parseCsv", () => {
  it("handles quotes, commas and newlines in quotes, escaped quotes, CRLF and a BOM, with each row's first line", () => {
    const { rows, lines } = parseCsv('\ufeffa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"line1\nline2",\r\n\r\n3,,"last"');
    expect(rows).toEqual([
      ["a", "b", "c"],
      ["1", "x, y", 'say "hi"'],
      ["2", "line1\nline2", ""],
      ["3", "", "last"],
    ]);
    expect(lines).toEqual([1, 2, 3, 6]);
  });

  it("keeps a trailing empty field, ignores a final newline and allows rows of other lengths", () => {
    expect(parseCsv("a,b\n1,\n").rows).toEqual([
      ["a", "b"],
      ["1", ""],
    ]);
    expect(parseCsv("a,b\n1,2,3\n4\n").rows).toEqual([["a", "b"], ["1", "2", "3"], ["4"]]);
  });

  it("reads back what toCsv writes", () => {
    const rows = [
      ["name", "note"],
      ["O'Neil, Jr", 'Line 1\r\nSaid "yes"'],
    ];
    expect(parseCsv(toCsv(rows)).rows).toEqual(rows);
  });
});
