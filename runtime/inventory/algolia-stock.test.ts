import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/runtime/db";
import { dbVariants } from "@/runtime/db/testing";
import type { DealerManifest } from "@/runtime/generated/types";
import { runDeps } from "@/runtime/feeds/server";
import { fakeAlgolia, type FakeBatchRequest } from "@/tests/helpers/fake-algolia";
import { algoliaTargetFor } from "./algolia-stock";

// A feed run that published a dealer's stock (scheduled or started from the studio: both end in
// runDeps' announceStock) pushes it to Algolia when the dealer searches there: only what changed
// since that site's last push, cars that left deleted; here against a local fake Algolia.

const car = (id: number, extra: Record<string, unknown> = {}) => ({ id, slug: `car-${id}`, status: "in_stock", price: 10_000 + id, make: "Mazda", ...extra });
const algoliaDealer = {
  search: { engine: "algolia", algolia: { appId: "FAKEAPP", searchKey: "search-key" }, indexName: "Car_feed" },
} as unknown as DealerManifest;
const embeddedDealer = { search: { engine: "embedded" } } as unknown as DealerManifest;

const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function stockDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "algolia-stock-"));
  dirs.push(dir);
  return dir;
}

const writeStock = (dir: string, site: string, cars: unknown[]) => writeFileSync(path.join(dir, `${site}.json`), JSON.stringify(cars));
const batches = (fake: ReturnType<typeof fakeAlgolia>) =>
  fake.calls.filter((c) => c.method === "POST" && c.path.endsWith("/batch")).map((c) => (c.body as { requests: FakeBatchRequest[] }).requests);

describe("where a dealer's stock is pushed", () => {
  it("nowhere for the embedded engine; the manifest's application and index, the admin key and host from the environment", () => {
    expect(algoliaTargetFor(embeddedDealer, env({}))).toBeNull();
    expect(algoliaTargetFor(algoliaDealer, env({ ALGOLIA_ADMIN_KEY: "admin", ALGOLIA_HOST: "http://127.0.0.1:9" }))).toEqual({
      appId: "FAKEAPP",
      apiKey: "admin",
      host: "http://127.0.0.1:9",
      indexName: "Car_feed",
    });
    expect(() => algoliaTargetFor(algoliaDealer, env({}))).toThrow(/ALGOLIA_ADMIN_KEY is not set/);
  });
});

for (const v of dbVariants())
  describe.skipIf(v.skip)(`a feed run's stock pushed to Algolia (${v.name})`, () => {
    let db: Db;
    const fake = fakeAlgolia();
    let host = "";
    beforeAll(async () => {
      db = await v.open();
      host = await fake.listen();
    });
    afterAll(async () => {
      await fake.close();
      await v.close(db);
    });

    it("sends every car first, then partial updates, new cars and deletions; an embedded dealer sends nothing", async () => {
      vi.stubEnv("ALGOLIA_HOST", host);
      vi.stubEnv("ALGOLIA_ADMIN_KEY", "fake-admin-key");
      vi.spyOn(console, "log").mockImplementation(() => {});
      const dir = stockDir();
      const deps = runDeps(db, dir, (slug) => (slug === "alpha" ? algoliaDealer : slug === "beta" ? embeddedDealer : null));
      writeStock(dir, "alpha", [car(1), car(2), car(3)]);
      writeStock(dir, "beta", [car(50)]);
      await deps.announceStock("alpha");
      await deps.announceStock("beta");
      expect(
        batches(fake)
          .flat()
          .map((r) => [r.action, r.body.objectID]),
      ).toEqual([
        ["updateObject", "1"],
        ["updateObject", "2"],
        ["updateObject", "3"],
      ]);

      fake.calls.length = 0;
      writeStock(dir, "alpha", [car(1), car(2, { status: "sold", sold: true }), car(4)]);
      await deps.announceStock("alpha");
      expect(batches(fake).flat()).toEqual([
        { action: "partialUpdateObjectNoCreate", body: { status: "sold", sold: true, objectID: "2" } },
        { action: "updateObject", body: { ...car(4), objectID: "4" } },
        { action: "deleteObject", body: { objectID: "3" } },
      ]);
      expect([...fake.indexes.get("Car_feed")!.keys()].sort()).toEqual(["1", "2", "4"]);
      expect(fake.indexes.get("Car_feed")!.get("2")).toMatchObject({ status: "sold", sold: true });
      expect(new Set(fake.calls.map((c) => c.appId))).toEqual(new Set(["FAKEAPP"]));

      // The same stock again sends nothing.
      fake.calls.length = 0;
      await deps.announceStock("alpha");
      expect(fake.calls).toEqual([]);
    });

    it("keeps a failed push's changes for the next run, and leaves the run standing", async () => {
      vi.stubEnv("ALGOLIA_HOST", host);
      vi.stubEnv("ALGOLIA_ADMIN_KEY", "fake-admin-key");
      vi.spyOn(console, "log").mockImplementation(() => {});
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const dir = stockDir();
      const deps = runDeps(db, dir, () => algoliaDealer);
      writeStock(dir, "gamma", [car(11), car(12)]);
      await deps.announceStock("gamma");
      fake.failBatches = true;
      writeStock(dir, "gamma", [car(11, { price: 1 })]);
      await expect(deps.announceStock("gamma")).resolves.toBeUndefined();
      expect(errors.mock.calls.flat().join("\n")).toMatch(/gamma: the Algolia push failed/);
      fake.failBatches = false;
      fake.calls.length = 0;
      writeStock(dir, "gamma", [car(11, { price: 1 }), car(13)]);
      await deps.announceStock("gamma");
      // Against the last push that succeeded: 12 left, 11 changed, 13 is new.
      expect(
        batches(fake)
          .flat()
          .map((r) => [r.action, r.body.objectID]),
      ).toEqual([
        ["partialUpdateObjectNoCreate", "11"],
        ["updateObject", "13"],
        ["deleteObject", "12"],
      ]);
    });
  });
