#!/usr/bin/env node
// npm test: the whole suite, set-up included, in the order that fails fastest.
import { root, run, ensureDependencies, ensureChromium, ensureJava, ensureRedis } from "./lib/setup.mjs";

ensureDependencies();
// The servers the browser tests start run alone on embedded databases unless DATABASE_URL names a
// shared PostgreSQL server: a production process must be told so (runtime/fleet/single-process.mjs).
if (!process.env.DATABASE_URL) process.env.SINGLE_PROCESS = "1";
ensureChromium();
ensureJava();
ensureRedis();
run("npx", ["tsx", "scripts/generate.ts", "--check"]); // generated types, validators and composed schema are fresh
run("npm", ["run", "--silent", "lint"]); // eslint (import boundaries included) and prettier --check
run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
run("npx", ["tsx", "scripts/validate.ts"]);
run("npx", ["tsx", "scripts/stock-setup.ts"]);
run("npx", ["vitest", "run"]);
run("npx", ["next", "build"]);
// Every benchmark in smoke mode against that build, one after another: one that no longer runs fails here.
run("npx", ["tsx", "scripts/bench-smoke.ts"]);
run("npx", ["playwright", "test"]);
// Three production processes on one PostgreSQL database (tests/fleet): only with a server to share.
if (process.env.DATABASE_URL) run("npx", ["vitest", "run", "--config", "tests/fleet/vitest.config.ts"]);
else console.log("\nThe fleet suite (tests/fleet) needs DATABASE_URL (a PostgreSQL server); skipped.");
console.log("\n✔ All checks passed.");
void root;
