import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/runtime/db";
import { dbVariants } from "@/runtime/db/testing";
import type { ManifestProblem } from "@/runtime/manifest/problems";
import { ManifestChecks, manifestChecksFor } from "./manifest-checks";

// The checks passed before, on both database engines: kept per release, read back by key.

const warning: ManifestProblem = { file: "a.json", line: 3, column: 5, pointer: "/name", message: "short", source: "rule", severity: "warning" };

for (const v of dbVariants())
  describe.skipIf(v.skip)(`manifest checks passed before (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));

    it("answers the keys that passed in this release, with their warnings, and no others", async () => {
      const release = `r-${Math.random().toString(36).slice(2)}`;
      const checks = new ManifestChecks(db, release);
      checks.remember([
        { key: "k1", warnings: [warning] },
        { key: "k2", warnings: [] },
      ]);
      checks.remember([{ key: "k1", warnings: [] }]); // kept once: the first stays
      await checks.flushed();
      expect(await checks.known(["k1", "k2", "k3"])).toEqual(
        new Map([
          ["k1", [warning]],
          ["k2", []],
        ]),
      );
      expect(await new ManifestChecks(db, `${release}-next`).known(["k1", "k2"])).toEqual(new Map());
    });

    it("says what failed to be kept, and goes on", async () => {
      const log: string[] = [];
      const broken = { query: () => Promise.reject(new Error("no table")) } as unknown as Db;
      const checks = new ManifestChecks(broken, "r", (m) => log.push(m));
      checks.remember([{ key: "k", warnings: [] }]);
      await checks.flushed();
      expect(log).toEqual([expect.stringMatching(/could not keep the checks passed: no table/)]);
    });
  });

describe("which servers remember checks", () => {
  it("a production build's only: a development server's rules change without a new release", () => {
    const db = {} as Db;
    expect(manifestChecksFor(db, "build-1", { NODE_ENV: "production" })).toBeInstanceOf(ManifestChecks);
    expect(manifestChecksFor(db, "development", { NODE_ENV: "production" })).toBeUndefined();
    expect(manifestChecksFor(db, "build-1", { NODE_ENV: "development" })).toBeUndefined();
  });
});
