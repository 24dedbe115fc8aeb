import { describe, expect, it } from "vitest";
import iconv from "iconv-lite";
import { decodeText, FeedFileError, readCsvTable, readJsonTable, sniffDelimiter, sniffFormat, streamCsvRows, type FeedRows } from "./read";

const auto = { delimiter: "auto", encoding: "auto" } as const;
const bytes = (s: string) => new TextEncoder().encode(s);

describe("decodeText", () => {
  it("reads a byte-order mark, UTF-16, and falls back to Windows-1252 for bytes that are not UTF-8", () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ text: "A", encoding: "utf-8 with a byte-order mark" });
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toEqual({ text: "A", encoding: "utf-16le" });
    expect(decodeText(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x24, 0x80]))).toEqual({ text: "Café $€", encoding: "windows-1252" });
    expect(() => decodeText(new Uint8Array([0xe9]), "utf-8")).toThrow(/not UTF-8/);
  });
});

describe("CSV tables", () => {
  it("finds the separator in the header row, outside quotes", () => {
    expect(sniffDelimiter('"A,B";C;D\n1;2;3')).toBe(";");
    expect(sniffDelimiter("A|B|C")).toBe("|");
    expect(sniffDelimiter("A\tB")).toBe("\t");
    expect(sniffDelimiter("Single")).toBe(",");
  });

  it("reads CRLF with a BOM, keeps row numbers as a spreadsheet shows them across blank lines and quoted line breaks", () => {
    const t = readCsvTable(bytes('\ufeffStock No,Notes\r\nA1,"two\r\nlines"\r\n\r\nA2,x\r\n'), auto);
    expect(t.columns).toEqual(["Stock No", "Notes"]);
    expect(t.dialect).toBe("comma-separated, utf-8 with a byte-order mark");
    expect(t.rows.filter((r) => r.cells.some((c) => c !== "")).map((r) => [r.row, r.cells[0]])).toEqual([
      [2, "A1"],
      [4, "A2"],
    ]);
  });

  it("says where a CSV file cannot be read", () => {
    expect(() => readCsvTable(bytes('A,B\n1,"open quote\n'), auto)).toThrow(/cannot be read as CSV/);
  });
});

describe("JSON tables and the format", () => {
  it("takes the list under a known key, the keys as columns and photo objects as addresses", () => {
    const t = readJsonTable(
      bytes(
        JSON.stringify({
          vehicles: [
            { id: "A", images: [{ url: "https://x.example/1.jpg" }, { image: { url: "https://x.example/2.jpg" } }] },
            { id: "B", km: 5 },
          ],
        }),
      ),
    );
    expect(t.columns).toEqual(["id", "images", "km"]);
    expect(t.rows[0]).toEqual({ row: 1, cells: ["A", "https://x.example/1.jpg\nhttps://x.example/2.jpg", ""] });
    expect(() => readJsonTable(bytes('{"nothing": 1}'))).toThrow(/list of cars/);
  });

  it("tells the format from the first bytes", () => {
    expect(sniffFormat(bytes("  [{}]"))).toBe("json");
    expect(sniffFormat(new Uint8Array([0x50, 0x4b, 3, 4]))).toBe("xlsx");
    expect(sniffFormat(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("xlsx");
    expect(sniffFormat(bytes("\ufeffStock No,Make"))).toBe("csv");
  });
});

async function all(rows: FeedRows) {
  const out = [];
  for await (const r of rows.rows) out.push(r);
  return { format: rows.format, dialect: rows.dialect, columns: rows.columns, rows: out };
}

describe("CSV rows streamed", () => {
  const utf16 = (s: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(s, "utf16le")]);
  // A file long enough to cross the 64 KB pieces, with a four-byte character and a quoted line break at a piece's edge.
  const long = ["Stock No;Notes", ...Array.from({ length: 3_000 }, (_, i) => `S${i};"Café 🚗 ${"x".repeat(i % 40)}\nsecond line"`)].join("\r\n");

  it("gives the same header, rows, row numbers and dialect as the whole-file reader, in every encoding", async () => {
    const files = [
      bytes('\ufeffStock No,Notes\r\nA1,"two\r\nlines"\r\n\r\nA2,x\r\n'),
      bytes("\n\nStock No|Make\nB1|Kia\n"),
      new Uint8Array(iconv.encode("Stock No,Notes\r\nC1,Café – “new”\r\n", "win1252")),
      utf16("Stock No\tMake\r\nD1\tKia\r\n"),
      bytes(long),
      bytes(""),
    ];
    for (const file of files) {
      const whole = readCsvTable(file, auto);
      expect(await all(await streamCsvRows(file, auto))).toEqual({ format: "csv", dialect: whole.dialect, columns: whole.columns, rows: whole.rows });
    }
    const streamed = await all(await streamCsvRows(bytes(long), auto));
    expect(streamed.rows).toHaveLength(3_000);
    expect(streamed.rows[2_999]).toEqual({ row: 3_001, cells: ["S2999", `Café 🚗 ${"x".repeat(2_999 % 40)}\nsecond line`] });
  });

  it("says where the file cannot be read, when the parser reaches it", async () => {
    // Whether the parser meets the error before the header is given or after, the reader says it as a FeedFileError.
    const read = async (text: string) => all(await streamCsvRows(bytes(text), auto));
    await expect(read('A,B\n1,2\n3,"open quote\n')).rejects.toThrow(FeedFileError);
    await expect(read('A,B\n1,"open quote\n')).rejects.toThrow(/cannot be read as CSV at line 2/);
  });

  it("reports how far it has read", async () => {
    const rows = await streamCsvRows(bytes(long), auto);
    const seen: number[] = [];
    for await (const _ of rows.rows) seen.push(rows.progress());
    expect(seen[0]).toBeLessThan(1);
    expect(seen.at(-1)).toBe(1);
  });
});
