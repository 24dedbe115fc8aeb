import { defineConfig } from "@playwright/test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS } from "./scripts/lib/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Leads from the browser tests go to a receiver the tests start on this port. */
export const E2E_WEBHOOK_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 4599);
export const E2E_WEBHOOK_SECRET = "e2e-secret";

/**
 * The server's clock for the browser tests (runtime/time.ts requestNow): noon in Brisbane on the day
 * the demo stock is anchored to (.data/stock/.meta.json "now"), so listing ages, just-arrived tags,
 * dated tiles and opening hours render the same on every run against that stock. Unset when the
 * stock has no anchor (the real clock then).
 */
function stockNoon(): string | undefined {
  try {
    const meta = JSON.parse(readFileSync(path.resolve(".data/stock/.meta.json"), "utf8")) as { now?: string };
    const t = meta.now ? Date.parse(meta.now) : Number.NaN;
    return Number.isNaN(t) ? undefined : new Date(t + 2 * 3600_000).toISOString();
  } catch {
    return undefined;
  }
}
export const E2E_NOW_ISO = (process.env.TEST_NOW_ISO ??= stockNoon() ?? "");

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
      args: [...CHROMIUM_FLAGS],
    },
    trace: "off",
  },
  webServer: {
    command: `node scripts/server.mjs -p ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      SITE_DIRECTORY: "on",
      // A fresh embedded database per run (or the CI PostgreSQL server when DATABASE_URL is set);
      // on the embedded one the production server must be told it runs alone.
      ...(process.env.DATABASE_URL ? {} : { SINGLE_PROCESS: "1" }),
      PGLITE_DIR: path.join(mkdtempSync(path.join(tmpdir(), "e2e-pglite-")), "db"),
      LEADS_WEBHOOK_URL: `http://127.0.0.1:${E2E_WEBHOOK_PORT}/leads`,
      LEADS_ADF_WEBHOOK_URL: `http://127.0.0.1:${E2E_WEBHOOK_PORT}/adf`,
      LEADS_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      LEADS_ADMIN_SECRET: "e2e-admin",
      // The production server offers sign-in only with a provider or this explicit opt-in to the local
      // stand-ins (as `npm start` sets it); the tests read codes from the directory host's /inbox.
      AUTH_LOCAL_OUTBOX: "on",
      // Feeds are imported by the browser tests that mean to (tests/e2e/feed-import.spec.ts), never by the wall clock mid-suite.
      FEED_SCHEDULER: "off",
      // Every browser test signs in from one address: room for retries and repeats (the limit itself is unit-tested).
      AUTH_CODES_PER_CLIENT: "200",
      // Likewise for the public APIs' per-client limits (runtime/http/rate-limit.ts; tests/e2e/hardening.spec.ts checks them on a server of its own).
      API_RATE_LIMIT_SCALE: "50",
      // The lead limit has its own setting, which the scale does not touch: every form test posts from one address too.
      LEADS_RATE_LIMIT: "500",
      // The frozen server clock (see stockNoon); E2E_CLOCK=on lets a production build honour it.
      ...(E2E_NOW_ISO ? { TEST_NOW_ISO: E2E_NOW_ISO, E2E_CLOCK: "on" } : {}),
    },
  },
});
