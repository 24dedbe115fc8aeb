import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkZipSize, readXlsxTable } from "./xlsx";

const fixture = new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/feeds/motorhub-stock.xlsx")));

describe("readXlsxTable", () => {
  it("reads the first worksheet: numbers as text, dates as days, a formula's saved value, photos one per line", async () => {
    const t = await readXlsxTable(fixture, undefined, { maxUnpackedBytes: 10_000_000 });
    expect(t.dialect).toBe("worksheet 'Stock'");
    expect(t.columns[0]).toBe("Stock #");
    const first = t.rows[0];
    expect(first.row).toBe(2);
    expect(first.cells.slice(0, 8)).toEqual(["MH-7001", "Subaru", "Forester", "2.5i-L", "2020", "48000", "31990", "35189"]);
    expect(first.cells[13]).toBe("2019-11-01");
    expect(first.cells[14].split("\n")).toHaveLength(4);
  });

  it("refuses a workbook that unpacks past the cap (a zip bomb) and a missing worksheet", async () => {
    await expect(checkZipSize(fixture, { maxUnpackedBytes: 2_000 })).rejects.toThrow(/unpacks to more than/);
    await expect(readXlsxTable(fixture, "Cars", { maxUnpackedBytes: 10_000_000 })).rejects.toThrow(/no worksheet named 'Cars' \(it has Stock\)/);
    await expect(readXlsxTable(new Uint8Array([0x50, 0x4b, 1, 2, 3]), undefined, { maxUnpackedBytes: 1000 })).rejects.toThrow(/not a readable Excel workbook/);
  });
});
