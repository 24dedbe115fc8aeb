import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["runtime/**/*.test.ts", "runtime/**/*.test.tsx", "blocks/**/*.test.ts", "blocks/**/*.test.tsx", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    pool: "threads",
    maxWorkers: 2,
  },
});
