import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DealerManifest } from "@/runtime/generated/types";
import { stockIndexState, type StockIndexState } from "@/runtime/inventory/stock-version";
import { stockPart } from "./version";

// The stock part of a shared page's key: two processes holding the same stock in their own
// folders, written at different moments, must give the same version, and a request never reads
// or hashes a stock file to find it (the content hashes come from the index build).
const manifest = { search: { engine: "embedded" } } as unknown as DealerManifest;
let dir = "";
let saved: StockIndexState;

beforeEach(() => {
  // The folder is empty: a key that read the stock files would fail or change.
  dir = mkdtempSync(path.join(tmpdir(), "stock-version-"));
  vi.stubEnv("STOCK_DIR", dir);
  saved = { ...stockIndexState<StockIndexState>(() => ({ dir: null, version: null })) };
});
afterEach(() => {
  Object.assign(
    stockIndexState<StockIndexState>(() => ({ dir: null, version: null })),
    saved,
  );
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** What a process serves: the files' mtime version and their content version. */
function serve(version: string, contentVersion: string | null) {
  Object.assign(
    stockIndexState<StockIndexState>(() => ({ dir: null, version: null })),
    { dir: path.resolve(dir), version, contentVersion },
  );
}

describe("the stock part of a page's key", () => {
  it("with REDIS_URL is the same on processes serving the same content written at different times, and differs when the content does", () => {
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1");
    serve("a.json:1000|b.json:1000", "a.json:aa|b.json:bb");
    const one = stockPart(manifest);
    serve("a.json:5000|b.json:7000", "a.json:aa|b.json:bb");
    expect(stockPart(manifest)).toBe(one);
    serve("a.json:5000|b.json:7000", "a.json:aa|b.json:cc");
    expect(stockPart(manifest)).not.toBe(one);
  });

  it("without REDIS_URL is this process's own version (the files' times)", () => {
    serve("a.json:1000", "a.json:aa");
    const one = stockPart(manifest);
    serve("a.json:2000", "a.json:aa");
    expect(stockPart(manifest)).not.toBe(one);
  });

  it("with REDIS_URL and no index built from the folder yet is this process's own version", () => {
    vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1");
    serve("a.json:1000", null);
    const own = stockPart(manifest);
    serve("a.json:1000", "a.json:aa");
    expect(stockPart(manifest)).not.toBe(own);
  });

  it("is 'remote' for a dealer searched in Algolia", () => {
    expect(stockPart({ search: { engine: "algolia" } } as unknown as DealerManifest)).toBe("remote");
  });
});
