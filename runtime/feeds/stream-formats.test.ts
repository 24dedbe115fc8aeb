import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { FeedFileError, readJsonTable, streamJsonRows, type FeedRows } from "./read";
import { readXlsxTable, streamXlsxRows } from "./xlsx";
import { excelJsTable } from "../../tests/helpers/xlsx-reference";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/feeds");
const bytes = (s: string) => new TextEncoder().encode(s);
const limits = { maxUnpackedBytes: 50_000_000 };

async function all(rows: FeedRows) {
  const out = [];
  for await (const r of rows.rows) out.push(r);
  return { format: rows.format, dialect: rows.dialect, columns: rows.columns, rows: out };
}

/** Reads rows until the reader fails; the rows given before it failed, and the error. */
async function untilError(rows: FeedRows): Promise<{ given: number; error: unknown }> {
  let given = 0;
  try {
    for await (const _ of rows.rows) given++;
  } catch (error) {
    return { given, error };
  }
  return { given, error: null };
}

/** A workbook of `count` cars written by ExcelJS (shared strings, a date column, a formula), as Excel would save it. */
async function workbook(count: number, sheets: string[] = ["Stock"]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const name of sheets) {
    const ws = wb.addWorksheet(name);
    ws.addRow(["Stock No", "Make", "Yr", "Price", "With GST", "Built"]);
    for (let i = 0; i < count; i++) {
      const row = ws.addRow([`${name}-${i}`, i % 2 ? "Kia" : "Mazda", 2015 + (i % 10), 20_000 + i, null, new Date(Date.UTC(2020, i % 12, 1 + (i % 28)))]);
      row.getCell(5).value = { formula: `D${row.number}*1.1`, result: (20_000 + i) * 1.1 };
      row.getCell(6).numFmt = "dd/mm/yyyy";
    }
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The workbook with its first sheet's XML broken after row `at` (a tag left open), re-zipped. */
async function breakSheet(xlsx: Uint8Array, at: number): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(xlsx);
  const xml = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  const cut = xml.indexOf(`<row r="${at + 1}"`);
  zip.file("xl/worksheets/sheet1.xml", `${xml.slice(0, cut)}<row r="${at + 1}"><c r="A${at + 1}" t="s"><v>1</c></row></sheetData></worksheet>`);
  return new Uint8Array(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
}

describe("XLSX rows streamed", () => {
  it("gives the same header, cells, row numbers and sheet as ExcelJS reading the whole workbook, and as the whole-table reader", async () => {
    for (const file of [new Uint8Array(fs.readFileSync(path.join(fixtures, "motorhub-stock.xlsx"))), await workbook(300)]) {
      const reference = await excelJsTable(file);
      const streamed = await all(await streamXlsxRows(file, undefined, limits));
      expect(streamed).toEqual({
        format: "xlsx",
        dialect: reference.dialect,
        columns: reference.columns,
        rows: reference.rows.filter((r) => r.cells.length > 0),
      });
      expect(await readXlsxTable(file, undefined, limits)).toEqual(streamed);
    }
    const streamed = await all(await streamXlsxRows(await workbook(3), undefined, limits));
    // A formula's saved value, never the formula; a date cell as its day.
    expect(streamed.rows[0]).toEqual({ row: 2, cells: ["Stock-0", "Mazda", "2015", "20000", "22000", "2020-01-01"] });
  });

  it("reads the named worksheet, and names the ones there are when it is missing", async () => {
    const file = await workbook(2, ["Summary", "Cars"]);
    const cars = await all(await streamXlsxRows(file, "Cars", limits));
    expect(cars.dialect).toBe("worksheet 'Cars'");
    expect(cars.rows.map((r) => r.cells[0])).toEqual(["Cars-0", "Cars-1"]);
    expect((await all(await streamXlsxRows(file, undefined, limits))).rows[0].cells[0]).toBe("Summary-0");
    await expect(streamXlsxRows(file, "Stock", limits)).rejects.toThrow(/no worksheet named 'Stock' \(it has Summary, Cars\)/);
  });

  it("keeps the zip guards: a workbook past the unpacked cap, or not a zip, is refused before a row is read", async () => {
    const file = await workbook(50);
    await expect(streamXlsxRows(file, undefined, { maxUnpackedBytes: 2_000 })).rejects.toThrow(/unpacks to more than/);
    await expect(streamXlsxRows(new Uint8Array([0x50, 0x4b, 1, 2, 3]), undefined, limits)).rejects.toThrow(/not a readable Excel workbook/);
  });

  it("a sheet whose XML breaks part-way gives the rows before it, then says the workbook cannot be read", async () => {
    const broken = await breakSheet(await workbook(500), 400);
    const { given, error } = await untilError(await streamXlsxRows(broken, undefined, limits));
    // The XML is parsed a piece at a time: the rows of the pieces before the broken one were given.
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(400);
    expect(error).toBeInstanceOf(FeedFileError);
    expect((error as Error).message).toMatch(/^the file is not a readable Excel workbook: /);
  });
});

describe("JSON rows streamed", () => {
  const utf16 = (s: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(s, "utf16le")]);
  const long = JSON.stringify(
    Array.from({ length: 3_000 }, (_, i) => ({
      stock: `S${i}`,
      note: `Café 🚗 ${"x".repeat(i % 40)}`,
      ...(i === 2_000 ? { late: true } : {}),
      photos: [{ url: `https://x.example/${i}.jpg` }],
    })),
  );

  it("gives the same header, rows and row numbers as the whole-file reader", async () => {
    const files = [
      bytes(long),
      bytes(
        `\ufeff${JSON.stringify({ meta: { count: 2, cars: ["not", "these"] }, vehicles: [{ id: "A", km: 5 }, 7, null, { id: "B", images: [{ image: { url: "u" } }] }] })}`,
      ),
      utf16(JSON.stringify([{ id: "C", make: "Škoda" }])),
      bytes("[]"),
      bytes('{"cars": []}'),
    ];
    for (const file of files) {
      const whole = readJsonTable(file);
      expect(await all(await streamJsonRows(file))).toEqual({ format: "json", dialect: whole.dialect, columns: whole.columns, rows: whole.rows });
    }
    const streamed = await all(await streamJsonRows(bytes(long)));
    // A key only one car far down the file has is still a column, known before the first row.
    expect(streamed.columns).toEqual(["stock", "note", "photos", "late"]);
    expect(streamed.rows[2_000].cells).toEqual(["S2000", `Café 🚗 ${"x".repeat(2_000 % 40)}`, "https://x.example/2000.jpg", "true"]);
  });

  it("reports how far it has read", async () => {
    const rows = await streamJsonRows(bytes(long));
    const seen: number[] = [];
    for await (const _ of rows.rows) seen.push(rows.progress());
    expect(seen[0]).toBeLessThan(0.01);
    expect(seen.at(-1)).toBe(1);
  });

  it("refuses a file broken part-way through before any row is given, saying after which car", async () => {
    const cut = long.indexOf('{"stock":"S1500"');
    await expect(streamJsonRows(bytes(`${long.slice(0, cut)}{"stock": "S1500", "note": ]`))).rejects.toThrow(
      /^the file is not valid JSON after car 1500: Unexpected RIGHT_BRACKET \("\]"\)/,
    );
    await expect(streamJsonRows(bytes(long.slice(0, -10)))).rejects.toThrow(/^the file is not valid JSON after car 2999: .*ended/i);
    await expect(streamJsonRows(bytes(`${long} []`))).rejects.toThrow(FeedFileError);
    await expect(streamJsonRows(bytes('{"nothing": 1}'))).rejects.toThrow(/list of cars/);
    await expect(streamJsonRows(new Uint8Array([0x5b, 0xe9, 0x5d]))).rejects.toThrow(/not UTF-8/);
  });
});
