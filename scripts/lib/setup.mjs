// Dependency-free set-up shared by `npm start` and `npm test`: they must work on a fresh
// machine, so this file may only use Node's standard library.
import { existsSync, readFileSync, statSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..", "..");
export const CHROMIUM = "/usr/bin/chromium";

export function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...(opts.env ?? {}) } });
  if (r.status !== 0) {
    console.error(`\n✖ '${[cmd, ...args].join(" ")}' failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}

/**
 * Installs dependencies when node_modules is missing or older than the lock file. `npm install`
 * rather than `npm ci`: the registry these machines reach has no macOS or Windows builds of
 * Next's compiler, so the lock file cannot list them and `npm ci` would refuse it as out of sync.
 */
export function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

/** Installs Debian packages (as root, or through sudo), once the package lists are fresh. */
function aptInstall(packages, why) {
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  console.log(`Installing ${why}…`);
  const update = spawnSync(asRoot[0] ?? "apt-get", asRoot.length ? ["apt-get", "update"] : ["update"], { stdio: "inherit" });
  if (update.status !== 0) console.warn("apt-get update failed; trying the install anyway");
  run(asRoot[0] ?? "apt-get", [...(asRoot.length ? ["apt-get"] : []), "install", "-y", "--no-install-recommends", ...packages], {
    env: { DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Debian's chromium for browser tests and benchmarks (never a downloaded browser). */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  aptInstall(["chromium"], "Debian's chromium for the browser tests");
}

/** Debian's Java for the Nu Html Checker (vnu-jar ships the checker, not a Java runtime). */
export function ensureJava() {
  if (spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0) return;
  aptInstall(["default-jre-headless"], "Debian's Java for the HTML checker");
}

/**
 * Debian's redis-server for the shared page cache's tests (runtime/page-cache/redis-pages.redis.test.ts
 * starts its own on a free port, without persistence). Only the binary: the package's own service
 * is neither needed nor started by the tests.
 */
export function ensureRedis() {
  if (existsSync("/usr/bin/redis-server")) return;
  aptInstall(["redis-server"], "Debian's redis-server for the shared page cache's tests");
}

function newestMtime(dir, skip = new Set(["node_modules", ".next", ".git", ".data", "test-results", "playwright-report", "manifests", "docs", "tests"])) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p, skip));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** A production build is needed when none exists or code changed since (manifests are run-time data and never need one). */
export function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  return newestMtime(root) > statSync(buildId).mtimeMs;
}

export function readJson(rel) {
  return JSON.parse(readFileSync(path.join(root, rel), "utf8"));
}
