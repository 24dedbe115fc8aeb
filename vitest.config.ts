import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./", import.meta.url));

export default defineConfig({
  plugins: [
    {
      // Components behind `*.lazy` wrappers (next/dynamic, for code splitting in the browser)
      // are imported directly in unit tests, which render server markup synchronously.
      name: "eager-lazy-components",
      enforce: "pre",
      async resolveId(source, importer) {
        if (!source.endsWith(".lazy")) return null;
        const target = source.slice(0, -".lazy".length).replace(/^@\//, root);
        return this.resolve(target, importer, { skipSelf: true });
      },
    },
  ],
  resolve: {
    alias: {
      "@": root,
      // `import "server-only"` marks modules that must never reach the browser; outside Next's
      // server bundles (the "react-server" condition) the package throws by design.
      "server-only": `${root}tests/helpers/empty-module.ts`,
    },
  },
  test: {
    include: [
      "runtime/**/*.test.ts",
      "runtime/**/*.test.tsx",
      "blocks/**/*.test.ts",
      "blocks/**/*.test.tsx",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/unit/**/*.test.tsx",
    ],
    environment: "node",
    setupFiles: ["tests/helpers/fast-check-seed.ts"],
    // Separate processes, not worker threads: native modules (sharp, PGlite's WASM) in worker threads
    // crashed a run now and then with a segmentation fault.
    pool: "forks",
    maxWorkers: 2,
    // Limits that catch a hung test, not a slow machine: a render-heavy test (the search grid, the
    // trade-in form) took over vitest's 5 s default on a busy two-core machine. No test measures
    // the time it takes; timing behaviour is checked with fake timers.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
