import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

// The fleet suite (npm test runs it when DATABASE_URL names a PostgreSQL server): production
// server processes over one database, against the production build (`next build` first).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/fleet/**/*.test.ts"],
    // One suite, one fleet: its processes use the fleet's ports (FLEET_PORT and the next ones).
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
