import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { describeEachDb } from "@/runtime/db/testing";
import { draftPreview, setWorkingCopySource } from "@/runtime/manifest/preview";
import { FleetBus, announce } from "./bus";
import { deleteWorkingCopy, followWorkingCopies, keepBackup, listBackups, mirroredWorkingCopy, readWorkingCopy, writeWorkingCopyRow } from "./working-copies";

// The studio's working copies in the shared database: what one process writes, another previews.

let dir: string;
beforeAll(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "working-copies-")), "manifests");
  cpSync(path.join(process.cwd(), "manifests"), dir, { recursive: true });
});
afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
afterEach(() => setWorkingCopySource(null));

describeEachDb("studio working copies", { empty: ["studio_working_copies", "studio_backups"] }, (db) => {
  it("writes a copy once per text, with who wrote it, and mirrors it at once in the writing process", async () => {
    const a = await writeWorkingCopyRow(db, "c1", "studio-ace", '{"a":1}', "staff:ann");
    const again = await writeWorkingCopyRow(db, "c1", "studio-ace", '{"a":1}', "staff:bo");
    expect(again.updatedAt).toBe(a.updatedAt);
    expect(again.updatedBy).toBe("staff:ann");
    expect(mirroredWorkingCopy("c1", "studio-ace")?.text).toBe('{"a":1}');
    expect(await readWorkingCopy(db, "c2", "studio-ace")).toBeNull();
    await deleteWorkingCopy(db, "c1", "studio-ace");
    expect(mirroredWorkingCopy("c1", "studio-ace")).toBeNull();
    expect(await readWorkingCopy(db, "c1", "studio-ace")).toBeNull();
  });

  it("a copy written by another process reaches this one's preview host through the bus", async () => {
    const bus = new FleetBus(() => {});
    await bus.start(db);
    try {
      await followWorkingCopies(db, bus, "c3");
      const text = readFileSync(path.join(dir, "sunshine-chery.json"), "utf8").replace('"name": "Sunshine Chery",', '"name": "Sunshine Chery Preview",');
      // Another process: the row and its message, nothing in this process's memory.
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO studio_working_copies (collection, name, manifest) VALUES ('c3', 'studio-sunshine-chery', $1)", [text]);
        await announce(tx, { type: "working-copy", collection: "c3", name: "studio-sunshine-chery" });
      });
      await vi.waitFor(() => expect(mirroredWorkingCopy("c3", "studio-sunshine-chery")?.text).toBe(text));
      const preview = draftPreview("studio-sunshine-chery", dir);
      expect(preview?.diagnostics.ok).toBe(true);
      expect(preview?.diagnostics.manifest?.name).toBe("Sunshine Chery Preview");
      // Nothing was written to the drafts folder.
      expect(draftPreview("studio-sunshine-chery-x", dir)).toBeNull();
    } finally {
      await bus.close();
    }
  });

  it("keeps backups, newest first, by kind and name", async () => {
    await keepBackup(db, "c1", "template", "dealer-base", "one", "staff:ann", new Date("2026-11-01T00:00:00Z"));
    await keepBackup(db, "c1", "template", "dealer-base", "two", null);
    await keepBackup(db, "c1", "draft", "dealer-base", "other", null);
    expect((await listBackups(db, "c1", "template", "dealer-base")).map((b) => [b.text, b.savedBy])).toEqual([
      ["two", null],
      ["one", "staff:ann"],
    ]);
  });
});
