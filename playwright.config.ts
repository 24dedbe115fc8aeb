import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

// Browser tests run against the production build (`next build` first; npm test does it),
// in Debian's chromium: never a downloaded browser.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://sunshine-chery.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
    trace: "off",
  },
  webServer: {
    command: `npx next start -p ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { SITE_DIRECTORY: "on" },
  },
});
