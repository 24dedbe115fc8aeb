import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./types";
import { dbVariants } from "./testing";
import { platformSecret } from "./secrets";

// A key nobody configured, made once and the same for every process on the database.

for (const v of dbVariants())
  describe.skipIf(v.skip)(`the platform's own keys (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));

    it("is made by the first to ask and read by every other, even when two ask at once; each name its own key", async () => {
      const [a, b] = await Promise.all([platformSecret(db, "test-key"), platformSecret(db, "test-key")]);
      expect(a.length).toBe(32);
      expect(b.equals(a)).toBe(true);
      expect((await platformSecret(db, "test-key")).equals(a)).toBe(true);
      const other = await platformSecret(db, "other-key");
      expect(other.equals(a)).toBe(false);
    });
  });
