import { describe, expect, it } from "vitest";
import { decodeText, readCsvTable, readJsonTable, sniffDelimiter, sniffFormat } from "./read";

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
    expect(sniffFormat(bytes("\ufeffStock No,Make"))).toBe("csv");
  });
});
