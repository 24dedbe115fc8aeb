import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sharedStockVersion } from "./version";

// The stock part of a shared page's key: two processes holding the same stock in their own
// folders, written at different moments, must give the same version.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A stock folder with these files, their modification times set; returns it and its served version. */
function folder(files: Record<string, string>, mtime: number): { dir: string; version: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "stock-version-"));
  dirs.push(dir);
  const parts: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    utimesSync(file, mtime, mtime);
    parts.push(`${name}:${Math.round(statSync(file).mtimeMs)}`);
  }
  return { dir, version: parts.join("|") };
}

describe("sharedStockVersion", () => {
  it("is the same for the same stock written at different times, and differs when a file's content does", () => {
    const a = folder({ "a.json": "[1]", "b.json": "[2]" }, 1_700_000_000);
    const b = folder({ "a.json": "[1]", "b.json": "[2]" }, 1_700_000_500);
    const c = folder({ "a.json": "[1]", "b.json": "[3]" }, 1_700_000_000);
    expect(a.version).not.toBe(b.version);
    const shared = sharedStockVersion(a.version, a.dir);
    expect(shared).toMatch(/^a\.json:[0-9a-f]{16}\|b\.json:[0-9a-f]{16}$/);
    expect(sharedStockVersion(b.version, b.dir)).toBe(shared);
    expect(sharedStockVersion(c.version, c.dir)).not.toBe(shared);
  });

  it("keeps the overlay's suffix (cars laid over since the index) and the versions that name no file", () => {
    const a = folder({ "a.json": "[1]" }, 1_700_000_000);
    expect(sharedStockVersion(`${a.version}+s12.3`, a.dir)).toMatch(/^a\.json:[0-9a-f]{16}\+s12\.3$/);
    expect(sharedStockVersion("none", a.dir)).toBe("none");
    expect(sharedStockVersion("none+s4.1", a.dir)).toBe("none+s4.1");
  });

  it("is null when a file changed since the served index was built (its content for that version is unknown)", () => {
    const a = folder({ "a.json": "[1]" }, 1_700_000_000);
    const file = path.join(a.dir, "a.json");
    writeFileSync(file, "[9]");
    utimesSync(file, 1_700_000_100, 1_700_000_100);
    expect(sharedStockVersion(a.version, a.dir)).toBeNull();
  });
});
