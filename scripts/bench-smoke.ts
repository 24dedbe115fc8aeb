/**
 * Every benchmark in smoke mode (npm test runs this after `next build`): each `bench` and `bench:*`
 * script of package.json, one after another, with `--smoke` (tiny sizes, a few seconds). A
 * benchmark fails the suite when it exits non-zero or ends without the line saying its figures were
 * produced (scripts/lib/bench-smoke.ts); no target is judged. Prints the seconds each one took.
 *
 * The list comes from package.json itself, so a benchmark added there is smoked without a change
 * here. Each gets BENCH_PORT (a free port, or the one given) for the server it starts.
 *
 * Usage: npx tsx scripts/bench-smoke.ts [--only=bench:vdp,bench:scale]
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SMOKE_OK, SMOKE_SKIPPED } from "./lib/bench-smoke";
import { freePort } from "./lib/next-server";

const root = path.resolve(import.meta.dirname, "..");
// Generous: a smoke run takes seconds to a minute; this only keeps a hung one from hanging npm test.
const TIMEOUT_MS = 5 * 60_000;

/** The benchmark scripts of package.json: `bench` and every `bench:*`. */
const benchScripts = (scripts: Record<string, string>) => Object.keys(scripts).filter((name) => /^bench(:|$)/.test(name));

/** Runs one benchmark in smoke mode; its output goes through to ours. Whether it passed, and why not. */
function smoke(script: string, port: number): Promise<{ ok: boolean; why: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", "--smoke"], {
      cwd: root,
      env: { ...process.env, BENCH_PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true, // its own process group, so a hung run is ended with everything it started
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
      process.stdout.write(c);
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, TIMEOUT_MS);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) resolve({ ok: false, why: `exit ${code ?? signal}${signal === "SIGKILL" ? ` (over ${TIMEOUT_MS / 60_000} min)` : ""}` });
      else if (out.includes(SMOKE_SKIPPED)) resolve({ ok: true, why: out.slice(out.indexOf(SMOKE_SKIPPED)).split("\n")[0] });
      else if (!out.includes(SMOKE_OK)) resolve({ ok: false, why: "it ended without its figures" });
      else resolve({ ok: true, why: "" });
    });
  });
}

async function main() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const only = process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice(7)
    .split(",");
  const scripts = benchScripts(pkg.scripts).filter((s) => !only || only.includes(s));
  if (!scripts.length) throw new Error("no benchmark scripts to smoke");
  const rows: string[] = [];
  let failed = 0;
  const started = performance.now();
  for (const script of scripts) {
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    console.log(`\n$ npm run ${script} -- --smoke  (BENCH_PORT=${port})`);
    const t0 = performance.now();
    const { ok, why } = await smoke(script, port);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    rows.push(`| ${script} | ${seconds} s | ${ok ? why || "ok" : `FAILED: ${why}`} |`);
    if (!ok) failed++;
  }
  console.log(`\n| Benchmark (--smoke) | Time | Result |\n|---|---|---|\n${rows.join("\n")}`);
  console.log(`${scripts.length} benchmarks smoked in ${((performance.now() - started) / 1000).toFixed(1)} s; ${failed} failed.`);
  if (failed) process.exit(1);
}

await main();
