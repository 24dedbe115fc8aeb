/**
 * The demo stock made again on another day: only the files that are still what the generator wrote,
 * never an imported feed or a benchmark set; missing files join the stock on its own anchor.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureStock } from "./generate";
import { readStockMeta, writeCarsFile } from "./store";
import { readCarsFile } from "../../runtime/stock/store";
import { anchorFor, parseAnchorArgs, DEMO_STOCK_ANCHOR } from "../stock-setup";

const DAY = 86_400_000;
const FIXED = Date.parse(DEMO_STOCK_ANCHOR);
let root: string;
let dir: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-stock-"));
  dir = path.join(root, "stock");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const fixed = anchorFor("fixed");
const anchorOf = () => readStockMeta(dir)!.now;
const firstListed = (slug: string) => readCarsFile(path.join(dir, `${slug}.json`))[0]!.created_at;

describe("ensureStock on a chosen anchor", () => {
  it("generates missing stock on the anchor, records each file's digest, and leaves stock on its anchor alone", () => {
    const first = ensureStock(root, { dir, ...fixed });
    expect(first.generated).toBe(true);
    expect(anchorOf()).toBe(DEMO_STOCK_ANCHOR);
    expect(Object.keys(readStockMeta(dir)!.digests ?? {}).sort()).toEqual([...first.files].sort());
    expect(ensureStock(root, { dir, ...fixed }).generated).toBe(false);
  });

  it("makes stale demo stock again on today's anchor, keeping a file an import replaced, and back on the fixed one", () => {
    ensureStock(root, { dir, ...fixed });
    const imported = readCarsFile(path.join(dir, "harbour-motor-group.json")).slice(0, 3);
    writeCarsFile(path.join(dir, "harbour-motor-group.json"), imported);
    const before = firstListed("sunshine-chery");

    const clock = FIXED + 40 * DAY + 5 * 3600_000;
    const today = ensureStock(root, { dir, ...anchorFor("today", clock) });
    expect(today.reanchoredFrom).toBe(DEMO_STOCK_ANCHOR);
    expect(today.kept).toEqual(["harbour-motor-group"]);
    expect(today.files).not.toContain("harbour-motor-group");
    expect(today.files).toContain("sunshine-chery");
    expect(anchorOf()).toBe(new Date(FIXED + 40 * DAY).toISOString());
    expect(firstListed("sunshine-chery")).not.toBe(before);
    expect(readCarsFile(path.join(dir, "harbour-motor-group.json"))).toEqual(imported);

    // The next day it is still fresh; two days on it is made again.
    expect(ensureStock(root, { dir, ...anchorFor("today", clock + DAY) }).generated).toBe(false);
    expect(ensureStock(root, { dir, ...anchorFor("today", clock + 2 * DAY) }).reanchoredFrom).toBe(new Date(FIXED + 40 * DAY).toISOString());

    // The tests' setup puts it back on the fixed day, the import still untouched.
    const back = ensureStock(root, { dir, ...fixed });
    expect(back.reanchoredFrom).toBeDefined();
    expect(anchorOf()).toBe(DEMO_STOCK_ANCHOR);
    expect(firstListed("sunshine-chery")).toBe(before);
    expect(readCarsFile(path.join(dir, "harbour-motor-group.json"))).toEqual(imported);
  });

  it("an anchor in the future (a clock set back) is made again on today's", () => {
    ensureStock(root, { dir, ...fixed });
    expect(ensureStock(root, { dir, ...anchorFor("today", FIXED - 3 * DAY) }).reanchoredFrom).toBe(DEMO_STOCK_ANCHOR);
  });

  it("stock from before digests were recorded: a file written after the generation is an import and is kept", () => {
    ensureStock(root, { dir, ...fixed });
    const metaFile = path.join(dir, ".meta.json");
    const { digests: _d, ...old } = readStockMeta(dir)!;
    void _d;
    fs.writeFileSync(metaFile, JSON.stringify(old));
    const later = new Date(Date.parse(old.generated_at) + 60_000);
    fs.utimesSync(path.join(dir, "twg-group.json"), later, later);
    const result = ensureStock(root, { dir, ...anchorFor("today", FIXED + 10 * DAY) });
    expect(result.kept).toEqual(["twg-group"]);
  });

  it("a set of another size (a benchmark's) is never made again", () => {
    ensureStock(root, { dir, ...fixed, count: 50 });
    expect(ensureStock(root, { dir, ...anchorFor("today", FIXED + 10 * DAY) }).generated).toBe(false);
  });

  it("a missing file joins the stock on the stock's own anchor", () => {
    ensureStock(root, { dir, ...fixed });
    fs.rmSync(path.join(dir, "twg-group.json"));
    const result = ensureStock(root, { dir, now: FIXED + 3 * DAY });
    expect(result.files).toEqual(["twg-group"]);
    expect(anchorOf()).toBe(DEMO_STOCK_ANCHOR);
    expect(readStockMeta(dir)!.digests?.["twg-group"]).toBeDefined();
    expect(ensureStock(root, { dir, ...fixed }).generated).toBe(false);
  });
});

describe("stock-setup's options", () => {
  it("the fixed anchor by default, today's with --anchor=today; anything else is refused", () => {
    expect(parseAnchorArgs([])).toBe("fixed");
    expect(parseAnchorArgs(["--anchor=today"])).toBe("today");
    expect(() => parseAnchorArgs(["--today"])).toThrow(/unknown option --today/);
    expect(anchorFor("today", Date.parse("2027-03-10T23:30:00Z")).now).toBe(Date.parse("2027-03-10T00:00:00Z"));
  });
});
