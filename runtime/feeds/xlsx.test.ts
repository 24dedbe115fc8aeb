import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { FeedRows } from "./read";
import { checkZipSize, excelDay, isDateFormat, readXlsxTable, streamXlsxRows } from "./xlsx";

const fixture = new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/feeds/motorhub-stock.xlsx")));
const limits = { maxUnpackedBytes: 10_000_000 };

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

interface HandMade {
  /** The worksheet's `<sheetData>` content. */
  rows: string;
  /** The shared strings part's `<si>` items (no part when left out). */
  strings?: string[];
  /** Styles: number formats of the cell formats, by index; custom format codes by id. */
  cellFormats?: number[];
  numFmts?: Record<number, string>;
  date1904?: boolean;
  /** The order the parts are written in the zip (the sheet before its strings is how Excel writes it). */
  order?: "sheet first" | "strings first";
  /** The worksheet XML whole, instead of one made from `rows`. */
  sheetXml?: string;
}

/** A workbook written part by part, so each test says exactly what XML the reader meets and in which order. */
async function handMade(spec: HandMade): Promise<Uint8Array> {
  const zip = new JSZip();
  const parts: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    "_rels/.rels": `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${spec.date1904 ? '<workbookPr date1904="1"/>' : ""}<sheets><sheet name="Stock" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${
      spec.strings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ""
    }<Relationship Id="rId3" Type="${REL}/styles" Target="/xl/styles.xml"/></Relationships>`,
    "xl/styles.xml": `<styleSheet xmlns="${MAIN}"><numFmts>${Object.entries(spec.numFmts ?? {})
      .map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${code.replaceAll('"', "&quot;")}"/>`)
      .join("")}</numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs>${(spec.cellFormats ?? [0])
      .map((id) => `<xf numFmtId="${id}" applyNumberFormat="1"/>`)
      .join("")}</cellXfs></styleSheet>`,
  };
  const sheet = spec.sheetXml ?? `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${spec.rows}</sheetData></worksheet>`;
  const strings = spec.strings && `<sst xmlns="${MAIN}" count="${spec.strings.length}" uniqueCount="${spec.strings.length}">${spec.strings.join("")}</sst>`;
  for (const [name, xml] of Object.entries(parts)) zip.file(name, xml);
  if (spec.order === "strings first" && strings) zip.file("xl/sharedStrings.xml", strings);
  zip.file("xl/worksheets/sheet1.xml", sheet);
  if (spec.order !== "strings first" && strings) zip.file("xl/sharedStrings.xml", strings);
  return new Uint8Array(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
}

async function all(rows: FeedRows) {
  const out = [];
  for await (const r of rows.rows) out.push(r);
  return { columns: rows.columns, rows: out };
}

const read = async (file: Uint8Array) => all(await streamXlsxRows(file, undefined, limits));
const header = `<row r="1"><c r="A1" t="inlineStr"><is><t>Stock No</t></is></c><c r="B1" t="inlineStr"><is><t>Value</t></is></c></row>`;

describe("readXlsxTable", () => {
  it("reads the first worksheet: numbers as text, dates as days, a formula's saved value, photos one per line", async () => {
    const t = await readXlsxTable(fixture, undefined, limits);
    expect(t.dialect).toBe("worksheet 'Stock'");
    expect(t.columns[0]).toBe("Stock #");
    const first = t.rows[0];
    expect(first.row).toBe(2);
    expect(first.cells.slice(0, 8)).toEqual(["MH-7001", "Subaru", "Forester", "2.5i-L", "2020", "48000", "31990", "35189"]);
    expect(first.cells[13]).toBe("2019-11-01");
    expect(first.cells[14].split("\n")).toHaveLength(4);
  });

  it("refuses a workbook that unpacks past the cap (a zip bomb) and a missing worksheet", async () => {
    expect(await checkZipSize(fixture, limits)).toBeGreaterThan(fixture.length);
    await expect(checkZipSize(fixture, { maxUnpackedBytes: 2_000 })).rejects.toThrow(/unpacks to more than/);
    await expect(readXlsxTable(fixture, "Cars", limits)).rejects.toThrow(/no worksheet named 'Cars' \(it has Stock\)/);
    await expect(readXlsxTable(new Uint8Array([0x50, 0x4b, 1, 2, 3]), undefined, { maxUnpackedBytes: 1000 })).rejects.toThrow(/not a readable Excel workbook/);
  });
});

describe("the XLSX reader's cells", () => {
  it("reads shared strings: rich text's runs joined, phonetic guides left out, XML and Excel escapes undone", async () => {
    const file = await handMade({
      strings: [
        "<si><t>Stock No</t></si>",
        "<si><t>Model</t></si>",
        `<si><r><t>Fore</t></r><r><rPr><b/></rPr><t xml:space="preserve">ster </t></r><rPh sb="0" eb="1"><t>フォ</t></rPh></si>`,
        "<si><t>Fish &amp; Chips_x000D_\nLine 2 &#x1F697;</t></si>",
        "<si><t/></si>",
      ],
      rows: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>
        <row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="s"><v>4</v></c><c r="D2" t="s"><v>99</v></c></row>`,
    });
    expect(await read(file)).toEqual({ columns: ["Stock No", "Model"], rows: [{ row: 2, cells: ["Forester ", "Fish & Chips\r\nLine 2 🚗"] }] });
  });

  it("reads inline strings, a formula's saved text, booleans, and leaves error cells blank", async () => {
    const file = await handMade({
      rows: `${header}<row r="2"><c r="A2" t="inlineStr"><is><r><t>MH-</t></r><r><t>7001</t></r></is></c><c r="B2" t="str"><f>A2&amp;"x"</f><v>MH-7001x</v></c>
        <c r="C2" t="b"><v>1</v></c><c r="D2" t="b"><v>0</v></c><c r="E2" t="e"><v>#N/A</v></c><c r="F2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>`,
    });
    expect((await read(file)).rows).toEqual([{ row: 2, cells: ["MH-7001", "MH-7001x", "true", "false"] }]);
  });

  it("reads numbers as the shortest text that is the same number, and a formula as the number saved with it (or nothing)", async () => {
    const file = await handMade({
      cellFormats: [0, 4],
      rows: `${header}<row r="2"><c r="A2"><v>48000</v></c><c r="B2" s="1"><v>31990.5</v></c><c r="C2" t="n"><v>1.1E-3</v></c>
        <c r="D2"><v>0.30000000000000004</v></c><c r="E2"><f>A2*1.1</f><v>52800.000000000007</v></c><c r="F2"><f>A2*2</f></c><c r="G2"><v>-7</v></c></row>`,
    });
    expect((await read(file)).rows[0].cells).toEqual(["48000", "31990.5", "0.0011", "0.30000000000000004", "52800.00000000001", "", "-7"]);
  });

  it("reads a number in a date format as its day: built-in and custom formats, times of day, 1904 workbooks; other formats stay numbers", async () => {
    // Cell formats: 0 General, 1 the built-in short date, 2 a custom day/month/year, 3 money, 4 a custom format with text in quotes.
    const spec: HandMade = {
      cellFormats: [0, 14, 164, 4, 165],
      numFmts: { 164: "dd/mm/yyyy;@", 165: '#,##0" days"' },
      rows: `${header}<row r="2"><c r="A2" s="1"><v>43770</v></c><c r="B2" s="2"><v>43770.75</v></c><c r="C2" s="3"><v>43770</v></c>
        <c r="D2"><v>43770</v></c><c r="E2" s="4"><v>12</v></c><c r="F2" s="2"><f>A2+1</f><v>43771</v></c><c r="G2" s="2" t="d"><v>2021-03-04T00:00:00Z</v></c></row>`,
    };
    expect((await read(await handMade(spec))).rows[0].cells).toEqual(["2019-11-01", "2019-11-01", "43770", "43770", "12", "2019-11-02", "2021-03-04"]);
    expect((await read(await handMade({ ...spec, date1904: true }))).rows[0].cells.slice(0, 2)).toEqual(["2023-11-02", "2023-11-02"]);
  });

  it("turns Excel's date numbers into days exactly as ExcelJS does, and tells date formats as ExcelJS does", () => {
    const utils = createRequire(import.meta.url)("exceljs/lib/utils/utils.js") as {
      excelToDate(v: number, date1904: boolean): Date;
      isDateFmt(f: string): boolean;
    };
    for (const serial of [1, 59, 60, 61, 25569, 36526.999, 43770, 43770.4999, 43770.99999, 45000.5, 73050]) {
      for (const date1904 of [false, true]) expect(excelDay(serial, date1904)).toBe(utils.excelToDate(serial, date1904).toISOString().slice(0, 10));
    }
    for (const code of ["General", "0.00", "dd/mm/yyyy", "[$-409]d-mmm-yy;@", '#,##0" km"', "[Red]#,##0", "h:mm AM/PM", "mmm-yy", "@", "$#,##0.00"])
      expect(isDateFormat(code)).toBe(utils.isDateFmt(code));
  });

  it("reads sparse rows: a missing cell is blank, a missing row is skipped with the numbers Excel shows, trailing blanks dropped", async () => {
    const file = await handMade({
      rows: `${header}<row r="2"><c r="A2" t="inlineStr"><is><t>A</t></is></c><c r="D2"><v>4</v></c><c r="E2" t="inlineStr"><is><t></t></is></c></row>
        <row r="5"><c r="B5"><v>2</v></c></row><row r="6"></row><row r="7"><c r="AB7"><v>28</v></c></row>
        <row><c t="inlineStr"><is><t>no refs</t></is></c><c><v>1</v></c></row>`,
    });
    const rows = (await read(file)).rows;
    expect(rows.slice(0, 3)).toEqual([
      { row: 2, cells: ["A", "", "", "4"] },
      { row: 5, cells: ["", "2"] },
      { row: 6, cells: [] },
    ]);
    expect(rows[3].row).toBe(7);
    expect(rows[3].cells).toHaveLength(28);
    expect(rows[3].cells[27]).toBe("28");
    // A row and cells without their references (some writers leave them out) follow the ones before.
    expect(rows[4]).toEqual({ row: 8, cells: ["no refs", "1"] });
    // The header is the first row with any text.
    const late = await handMade({
      rows: `<row r="1"/><row r="3"><c r="B3" t="inlineStr"><is><t>Make</t></is></c></row><row r="4"><c r="B4"><v>1</v></c></row>`,
    });
    expect(await read(late)).toEqual({ columns: ["", "Make"], rows: [{ row: 4, cells: ["", "1"] }] });
  });

  it("reads the same rows whether the shared strings come after the sheet in the zip (as Excel writes it) or before", async () => {
    const spec: HandMade = {
      strings: ["<si><t>Stock No</t></si>", "<si><t>Make</t></si>", "<si><t>Kia</t></si>"],
      rows: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2"><v>7</v></c><c r="B2" t="s"><v>2</v></c></row>`,
    };
    const sheetFirst = await handMade({ ...spec, order: "sheet first" });
    const names = Object.keys((await JSZip.loadAsync(sheetFirst)).files);
    expect(names.indexOf("xl/worksheets/sheet1.xml")).toBeLessThan(names.indexOf("xl/sharedStrings.xml"));
    const expected = { columns: ["Stock No", "Make"], rows: [{ row: 2, cells: ["7", "Kia"] }] };
    expect(await read(sheetFirst)).toEqual(expected);
    expect(await read(await handMade({ ...spec, order: "strings first" }))).toEqual(expected);
  });

  it("reads elements written with a namespace prefix, and says how far it has read", async () => {
    const x = `xmlns:x="${MAIN}"`;
    const file = await handMade({
      rows: "",
      sheetXml: `<x:worksheet ${x}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Make</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>3</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    const rows = await streamXlsxRows(file, undefined, limits);
    expect(rows.progress()).toBeLessThan(1);
    expect((await all(rows)).rows).toEqual([{ row: 2, cells: ["3"] }]);
    expect(rows.progress()).toBe(1);
  });
});

/** The zip with the directory's stated unpacked size of one part replaced. */
function statedSize(zip: Uint8Array, part: string, size: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  const name = new TextEncoder().encode(part);
  for (let at = 0; at < out.length - 46; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (nameLength === name.length && name.every((b, i) => out[at + 46 + i] === b)) {
      view.setUint32(at + 24, size, true);
      return out;
    }
  }
  throw new Error(`${part} is not in the zip`);
}

describe("the XLSX reader refuses a broken or unreadable workbook, saying what is wrong", () => {
  const ok = () => handMade({ rows: `${header}<row r="2"><c r="A2"><v>1</v></c></row>` });

  it("names a file that is not a zip, a cut-short zip, and a zip that is not a workbook", async () => {
    await expect(streamXlsxRows(new TextEncoder().encode("Stock No,Make\n1,Kia\n"), undefined, limits)).rejects.toThrow(
      /^the file is not a readable Excel workbook: /,
    );
    const whole = await ok();
    await expect(streamXlsxRows(whole.subarray(0, Math.floor(whole.length / 2)), undefined, limits)).rejects.toThrow(
      /^the file is not a readable Excel workbook: /,
    );
    const other = new JSZip();
    other.file("word/document.xml", "<document/>");
    await expect(streamXlsxRows(await other.generateAsync({ type: "uint8array" }), undefined, limits)).rejects.toThrow(
      "the file is not a readable Excel workbook: it has no xl/workbook.xml (is it a zip of something else, or a Word or PowerPoint file?)",
    );
  });

  it("names a password-protected workbook (not a zip at all)", async () => {
    const compound = new Uint8Array(4096);
    compound.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(streamXlsxRows(compound, undefined, limits)).rejects.toThrow(
      /^the workbook is password-protected or an old \.xls file: .*without a password$/,
    );
  });

  it("names the part that is broken: the workbook's list of sheets, a sheet the list points to that is missing", async () => {
    const zip = await JSZip.loadAsync(await ok());
    zip.file("xl/workbook.xml", `<workbook xmlns="${MAIN}"><sheets><sheet name="Stock"</sheets></workbook>`);
    await expect(streamXlsxRows(await zip.generateAsync({ type: "uint8array" }), undefined, limits)).rejects.toThrow(
      /^the file is not a readable Excel workbook: xl\/workbook\.xml is not valid XML/,
    );
    const missing = await JSZip.loadAsync(await ok());
    missing.remove("xl/worksheets/sheet1.xml");
    await expect(streamXlsxRows(await missing.generateAsync({ type: "uint8array" }), undefined, limits)).rejects.toThrow(
      "the file is not a readable Excel workbook: worksheet 'Stock' should be xl/worksheets/sheet1.xml, which is not in the file",
    );
  });

  it("says after which row a worksheet breaks off, and refuses a cell past Excel's last column", async () => {
    const broken = await handMade({ rows: `${header}<row r="2"><c r="A2"><v>1</v></c></row><row r="3"><c r="A3"><v>2</c></row>` });
    // A small sheet is one piece of XML: it breaks before the header is handed over.
    await expect(read(broken)).rejects.toThrow(/^the file is not a readable Excel workbook: the worksheet breaks off after row 3 \(/);
    const wide = await handMade({ rows: `${header}<row r="2"><c r="XFE2"><v>1</v></c></row>` });
    await expect(read(wide)).rejects.toThrow(/cell XFE2 in row 2 is past Excel's last column/);
  });

  it("stops a part that unpacks to more than the zip's directory says (a lying directory), and counts the stated sizes against the cap", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`).join("");
    const file = await handMade({ rows: `${header}${rows}` });
    const lying = statedSize(file, "xl/worksheets/sheet1.xml", 300);
    await expect(readXlsxTable(lying, undefined, limits)).rejects.toThrow(/^the file is not a readable Excel workbook: .*too many bytes/);
    const declared = await checkZipSize(file, limits);
    await expect(checkZipSize(file, { maxUnpackedBytes: declared - 1 })).rejects.toThrow(/unpacks to more than/);
    expect(await checkZipSize(file, { maxUnpackedBytes: declared })).toBe(declared);
  });

  it("gives no columns and no rows for an empty sheet, and names a workbook with no worksheet", async () => {
    expect(await read(await handMade({ rows: "" }))).toEqual({ columns: [], rows: [] });
    const zip = await JSZip.loadAsync(await ok());
    zip.file("xl/workbook.xml", `<workbook xmlns="${MAIN}"><sheets/></workbook>`);
    await expect(streamXlsxRows(await zip.generateAsync({ type: "uint8array" }), undefined, limits)).rejects.toThrow(/^the workbook has no worksheet$/);
  });
});
