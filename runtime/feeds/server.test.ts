import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DealerManifest } from "../generated/types";
import { suiteDb } from "../db/testing";
import { loadManifest } from "../manifest/load";
import { readCarsFile } from "../stock/store";
import { guessMapping } from "./guess";
import { proposedProfile, readTable } from "./import";
import { resolveStockFeed } from "./profile";
import { feedHistory } from "./runs";
import { startServerFeedScheduler } from "./server";

const root = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(root, "tests/fixtures/feeds/autoledger-stock.csv");
const db = suiteDb(undefined, { empty: ["feed_runs", "feed_schedules", "feed_last_good"] });

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-server-"));
  // The server's root holds no manifest: the dealer exists only as the server serves it (put live from the studio).
  fs.mkdirSync(path.join(dir, "manifests"));
  fs.mkdirSync(path.join(dir, ".data/inbox/sunshine-chery"), { recursive: true });
  fs.copyFileSync(FIXTURE, path.join(dir, ".data/inbox/sunshine-chery/stock.csv"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Sunshine Chery as served, with the feed profile staff saved in the studio. */
async function servedDealer(): Promise<DealerManifest> {
  const loaded = loadManifest(path.join(root, "manifests/sunshine-chery.json"), {
    manifestsDir: path.join(root, "manifests"),
    publicDir: path.join(root, "public"),
  });
  if (!loaded.ok) throw new Error(loaded.problems[0]?.message);
  const table = await readTable(new Uint8Array(fs.readFileSync(FIXTURE)), resolveStockFeed({ source: { inboxFile: "x" } }));
  return { ...loaded.manifest, stockFeed: proposedProfile(guessMapping(table.columns), { inboxFile: "stock.csv" }) };
}

describe("the server's feed scheduler", () => {
  it("imports a dealer from the manifest the server serves, with no file of its own", async () => {
    const dealer = await servedDealer();
    const scheduler = startServerFeedScheduler({
      db,
      root: dir,
      stockDir: path.join(dir, ".data/stock"),
      manifests: () => [dealer],
      manifestOf: (slug) => (slug === dealer.slug ? dealer : null),
      photos: null,
      intervalMs: 3_600_000,
    });
    try {
      await scheduler.tick();
      // Due now rather than at 2 am: the schedule row is the scheduler's own record of when.
      await db.query("UPDATE feed_schedules SET next_run_at = $1", [new Date(Date.now() - 60_000)]);
      await scheduler.tick();
    } finally {
      scheduler.stop();
    }
    const [run] = await feedHistory(db, "sunshine-chery");
    expect(run).toMatchObject({ outcome: "published", accepted: 5 });
    expect(readCarsFile(path.join(dir, ".data/stock/sunshine-chery.json")).map((c) => c.stocknum)).toContain("U8810");
  });
});
