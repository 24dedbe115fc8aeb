import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { suiteDb } from "../db/testing";
import { keepInboxFile, readInbox } from "./inbox";
import { FeedFileError } from "./read";

const db = suiteDb(undefined, { empty: ["feed_inbox"] });
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-inbox-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");
const read = (maxBytes = 1_048_576) => readInbox({ db, dataDir, dealer: "peel-valley", fileName: "stock.csv", maxBytes });
/** The DMS drops a file into the dealer's folder, written at `at`. */
function drop(content: string, at: Date) {
  const file = path.join(dataDir, "inbox", "peel-valley", "stock.csv");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.utimesSync(file, at, at);
}

describe("a dealer's inbox file", () => {
  it("is none while neither the DMS nor staff gave one", async () => {
    expect(await read()).toBeNull();
  });

  it("is the export imported in the studio until the DMS drops a newer file, then that file", async () => {
    drop("from the DMS, last week", new Date("2026-11-20T02:00:00Z"));
    await keepInboxFile(db, "peel-valley", "stock.csv", new TextEncoder().encode("imported by staff"), new Date("2026-11-29T01:00:00Z"));
    const first = (await read())!;
    expect([text(first.bytes), first.source]).toEqual(["imported by staff", "stock.csv, as imported in the studio"]);
    drop("from the DMS, tonight", new Date("2026-11-30T02:00:00Z"));
    const next = (await read())!;
    expect(text(next.bytes)).toBe("from the DMS, tonight");
    expect(next.source).toMatch(/inbox\/peel-valley\/stock\.csv$/);
  });

  it("keeps an import under another file name apart: the profile names the file it reads", async () => {
    await keepInboxFile(db, "peel-valley", "old-export.csv", new TextEncoder().encode("x"), new Date());
    expect(await read()).toBeNull();
  });

  it("refuses a dropped file over the limit unread", async () => {
    drop("x".repeat(2048), new Date());
    await expect(read(1024)).rejects.toBeInstanceOf(FeedFileError);
  });
});
