/**
 * npm run bench:scale: the manifest store at a thousand dealers. Generates N dealer
 * manifests (copies of the samples, each with its own slug, host and dealership ids) in a
 * temporary folder, starts the production server on them (scripts/server.mjs; needs an existing
 * `next build`) and prints:
 *
 *  - the time from starting the server to its first dealer page;
 *  - the server's RSS after the first page and at the end;
 *  - p50 and p99 of home-page requests to other dealers while one manifest is edited every
 *    second (one request at a time: latency, not throughput), in two kinds taken in turn: a
 *    dealer never asked for before (cold: a full render) and one of CACHED_DEALERS whose home
 *    page was asked for once before the edits began (cached: whether edits disturb serving);
 *  - how long each edit takes to go live (the edited dealer's home page shows the new title);
 *  - the staff directory (every dealer with its go-live check) opened after the edits: how long it
 *    takes, and the p99 of already-visited dealers' pages asked one at a time meanwhile;
 *  - the time to the first page again after a restart on the same files and database.
 *
 * Targets with 1,000 dealers: first page within 10 s, RSS under 400 MB, other dealers' p99
 * during edits under 100 ms (both kinds), an edit live within 2 s. A benchmark, not a test: the figures go
 * to docs/performance.md.
 *
 * --smoke (npm test): 3 dealers for 2 s; asserts only that every figure was produced
 * (scripts/lib/bench-smoke.ts). The server listens on BENCH_PORT when set, else on a free port.
 *
 * --cpu-prof=DIR writes the server's CPU profile (node --cpu-prof) to DIR when it stops.
 * --heap-snapshot=DIR writes a heap snapshot of the server to DIR at the end of the edits.
 *
 * Usage: npm run bench:scale [-- --dealers=1000] [--seconds=30] [--smoke] [--cpu-prof=DIR]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { freePort, startNextServer, stopAndWait } from "./lib/next-server";
import { SMOKE, assertFigures } from "./lib/bench-smoke";

const arg = (name: string, fallback: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split("=")[1]) : fallback;
};
const DEALERS = arg("dealers", SMOKE ? 3 : 1000);
const SECONDS = arg("seconds", SMOKE ? 2 : 30);
const root = path.resolve(import.meta.dirname, "..");
const cpuProfDir = process.argv.find((x) => x.startsWith("--cpu-prof="))?.split("=")[1];
const heapDir = process.argv.find((x) => x.startsWith("--heap-snapshot="))?.split("=")[1];

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("bench:scale needs a production build: run `npx next build` first.");
  process.exit(1);
}

/** The parts of a sample manifest the copies change (everything a dealer claims or names by id). */
interface SampleManifest {
  slug: string;
  name: string;
  hosts: string[];
  redirectHosts?: string[];
  dealerships: { id: number }[];
  stockFeed?: { dealershipId?: number };
  locations: { id: number; dealership_id: number }[];
  routes?: Record<string, { title?: string; blocks?: unknown[] }>;
}

const slugOf = (i: number) => `dealer-${String(i).padStart(4, "0")}`;

/** N manifests from the samples: own slug, host, dealership and location ids; the home route's title carries a marker the edits change. */
function generate(dir: string) {
  const samplesDir = path.join(root, "manifests");
  cpSync(path.join(samplesDir, "templates"), path.join(dir, "templates"), { recursive: true });
  const samples = readdirSync(samplesDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(samplesDir, f), "utf8")) as SampleManifest);
  for (let i = 0; i < DEALERS; i++) {
    writeFileSync(path.join(dir, `${slugOf(i)}.json`), JSON.stringify(dealer(samples[i % samples.length], i, "v0"), null, 2));
  }
  return samples;
}

function dealer(sample: SampleManifest, i: number, marker: string): SampleManifest {
  const m = structuredClone(sample);
  m.slug = slugOf(i);
  m.name = `${sample.name} ${i}`;
  m.hosts = [`www.${slugOf(i)}.example.com.au`];
  if (m.redirectHosts) m.redirectHosts = [`${slugOf(i)}.example.com.au`];
  const base = 100_000 + i * 100;
  const ids = new Map<number, number>();
  m.dealerships = m.dealerships.map((d, k) => {
    ids.set(d.id, base + k);
    return { ...d, id: base + k };
  });
  if (m.stockFeed?.dealershipId !== undefined) m.stockFeed.dealershipId = ids.get(m.stockFeed.dealershipId) ?? m.stockFeed.dealershipId;
  m.locations = m.locations.map((l, k) => ({
    ...l,
    id: base + 50 + k,
    dealership_id: ids.get(l.dealership_id) ?? l.dealership_id,
  }));
  m.routes ??= {};
  m.routes["/"] = { ...(m.routes["/"] ?? { blocks: [] }), title: `Home ${marker}` };
  return m;
}

function get(port: number, host: string, urlPath = "/", timeoutMs = 30_000): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end();
  });
}

/**
 * `get` that never rejects: a request that fails or times out comes back as status 0 with the reason as its body, so
 * the run counts it as a failure, goes on and still stops its server (a rejection in a request running beside
 * another would end the process with the server left running).
 */
function getOrFailure(port: number, host: string, urlPath = "/", timeoutMs?: number): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return get(port, host, urlPath, timeoutMs).catch((e: Error) => ({ status: 0, body: e.message, ms: performance.now() - started }));
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The server's own account of its memory (JSON log lines of scripts/server.mjs): what each start
 * step added (start-memory) and where it stood when stopped (shutdown), by event name.
 */
function serverMemoryLines(server: ChildProcess): Record<string, unknown> {
  const memoryLines: Record<string, unknown> = {};
  let buffered = "";
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"event":"start-memory"') && !line.includes('"event":"shutdown"')) continue;
      try {
        const entry = JSON.parse(line) as { event: string };
        memoryLines[entry.event] = entry;
      } catch {
        // not a JSON line
      }
    }
  });
  return memoryLines;
}

/** While it starts, the port answers /readyz (503, "starting: …") rather than nothing: each answer until 200. */
async function pollReadiness(port: number, started: number, answers: string[]): Promise<void> {
  for (;;) {
    const res = await get(port, "localhost", "/readyz").catch(() => null);
    if (res) answers.push(`${res.status} ${res.body.trim()} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (res?.status === 200 || performance.now() - started > 120_000) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** /readyz's answers while the server started: each change of what it still waited for, with the time. */
function printReadiness(answers: string[]) {
  const starting = answers.filter((a) => a.startsWith("503")).length;
  console.log(`\n/readyz while starting: ${starting} answer(s) "not ready", then ${answers.at(-1) ?? "none"}; what it waited for:`);
  let last = "";
  for (const a of answers) {
    const what = a.replace(/ at [\d.]+ s$/, "");
    if (what !== last) console.log(`- ${a}`);
    last = what;
  }
}

interface StartMemory {
  steps: { step: string; rss: number; addedRss: number; heapUsed: number; external: number; arrayBuffers: number }[];
  now: Record<string, number>;
}

/** The server's memory per start step and at the end (MB), as a table. */
function printMemory(lines: Record<string, unknown>): number {
  const start = lines["start-memory"] as StartMemory | undefined;
  const end = (lines.shutdown as { memory?: Record<string, number> } | undefined)?.memory;
  if (!start) {
    console.log("\nThe server logged no start-memory line.");
    return NaN;
  }
  console.log(
    "\n| Start step (process.memoryUsage(), MB) | RSS after | RSS added | heap used | external | array buffers |\n| --- | --- | --- | --- | --- | --- |",
  );
  for (const s of start.steps) console.log(`| ${s.step} | ${s.rss} | ${s.addedRss} | ${s.heapUsed} | ${s.external} | ${s.arrayBuffers} |`);
  const row = (label: string, m: Record<string, number> | undefined) =>
    m && console.log(`| ${label} | ${m.rss} | | ${m.heapUsed} (of ${m.heapTotal}) | ${m.external} | ${m.arrayBuffers} (page store ${m.pageStore}) |`);
  row("ready", start.now);
  row("at shutdown (after the directory)", end);
  return start.steps.length;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Starts the server on `dir` and waits for its first dealer page: the server, the time, and what it logged and answered meanwhile. */
async function startAndWaitForPage(dir: string, port: number) {
  const started = performance.now();
  const server = startNextServer(port, {
    env: { ...process.env, MANIFESTS_DIR: dir, SITE_DIRECTORY: "on" },
    nodeArgs: [
      ...(cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] : []),
      ...(heapDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${path.resolve(heapDir)}`] : []),
    ],
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [memoryLines, readinessAnswers] = [serverMemoryLines(server), [] as string[]];
  const readiness = pollReadiness(port, started, readinessAnswers);
  for (;;) {
    const res = await get(port, `${slugOf(1)}.localhost`).catch(() => null);
    if (res?.status === 200) break;
    if (performance.now() - started > 120_000) {
      await stopAndWait(server);
      throw new Error("no page within 120 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const firstPageMs = performance.now() - started;
  return { server, firstPageMs, memoryLines, readinessAnswers, readiness };
}

/** Which dealer the n-th edit changes. */
const editedDealer = (n: number) => (n * 37 + 11) % DEALERS;

/** Dealers visited once before the edits (the cached kind): how many. */
const CACHED_DEALERS = 40;

/**
 * The dealers of the cached kind: every 25th, none of them edited during the run (an edited
 * dealer's page is rendered afresh by design) nor the one the first page asked for.
 */
function cachedDealers(): number[] {
  const edited = new Set(Array.from({ length: SECONDS + 2 }, (_, n) => editedDealer(n)));
  const picked: number[] = [];
  for (let i = 2; i < DEALERS && picked.length < CACHED_DEALERS; i += DEALERS >= 50 * CACHED_DEALERS ? 25 : 1) if (!edited.has(i)) picked.push(i);
  // A handful of dealers (--smoke) may all be edited: the cached kind is still measured, on any.
  return picked.length ? picked : [0];
}

/**
 * One edit a second, each to another dealer, measured until its page shows the new title; other
 * dealers' pages meanwhile, one at a time, a never-seen dealer (cold) and an already-visited one
 * (cached) in turn.
 */
async function editWhileServing(dir: string, port: number, samples: SampleManifest[]) {
  const latencies: number[] = [];
  const cachedLatencies: number[] = [];
  const editLive: number[] = [];
  const failures: string[] = [];
  const cached = cachedDealers();
  const isCached = new Set(cached);
  // Each visited once before the edits (and its answer checked): from now on its page is cached.
  for (const i of cached) {
    const res = await getOrFailure(port, `${slugOf(i)}.localhost`);
    if (res.status !== 200) failures.push(`${slugOf(i)} (before the edits): ${res.status || res.body}`);
  }
  const until = performance.now() + SECONDS * 1000;
  let edits = 0;
  const editor = (async () => {
    while (performance.now() < until) {
      const i = editedDealer(edits);
      const marker = `edit-${edits}`;
      const editedAt = performance.now();
      writeFileSync(path.join(dir, `${slugOf(i)}.json`), JSON.stringify(dealer(samples[i % samples.length], i, marker), null, 2));
      edits++;
      for (;;) {
        const res = await getOrFailure(port, `${slugOf(i)}.localhost`);
        if (res.body.includes(`Home ${marker}`)) {
          editLive.push(performance.now() - editedAt);
          break;
        }
        if (performance.now() - editedAt > 20_000) {
          failures.push(`edit ${marker} of ${slugOf(i)} not live after 20 s`);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const wait = editedAt + 1000 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  let n = 0;
  let turn = 0;
  while (performance.now() < until) {
    const warm = turn++ % 2 === 1;
    let i: number;
    if (warm) i = cached[turn % cached.length];
    else {
      // Never seen: the cold sequence skips the cached kind's dealers (with few dealers it cannot).
      do i = (n++ * 7919 + 3) % DEALERS;
      while (isCached.has(i) && DEALERS > cached.length);
    }
    const res = await getOrFailure(port, `${slugOf(i)}.localhost`);
    if (res.status !== 200) failures.push(`${slugOf(i)}: ${res.status || res.body}`);
    (warm ? cachedLatencies : latencies).push(res.ms);
  }
  await editor;
  for (const l of [latencies, cachedLatencies, editLive]) l.sort((a, b) => a - b);
  return { latencies, cachedLatencies, editLive, failures };
}

/** Asks the server for a heap snapshot (--heapsnapshot-signal) and waits until the file is written. */
async function heapSnapshot(server: ChildProcess, dir: string, port: number) {
  const before = new Set(readdirSync(dir));
  server.kill("SIGUSR2");
  for (const started = performance.now(); ;) {
    if (performance.now() - started > 120_000) throw new Error(`no heap snapshot in ${dir} after 120 s`);
    await new Promise((r) => setTimeout(r, 500));
    const written = readdirSync(dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    // The file is complete when the server answers again (writing it stops the event loop).
    if (written && (await getOrFailure(port, "localhost", "/healthz").catch(() => null))) {
      console.log(`heap snapshot: ${path.join(dir, written)}`);
      return;
    }
  }
}

/**
 * The staff directory opened once (after the edits, so every dealer's go-live check is asked
 * afresh) while already-visited dealers' pages are asked one at a time: how long the directory
 * took, and those pages' latencies meanwhile.
 */
async function directoryWhileServing(port: number) {
  const cached = cachedDealers();
  const latencies: number[] = [];
  const failures: string[] = [];
  let done = false;
  // A thousand go-live checks on a loaded machine can take longer than a page's 30 s.
  const directory = getOrFailure(port, "localhost", "/", 180_000).finally(() => (done = true));
  for (let turn = 0; !done; turn++) {
    const slug = slugOf(cached[turn % cached.length]);
    const res = await getOrFailure(port, `${slug}.localhost`);
    if (res.status !== 200) failures.push(`${slug} (directory open): ${res.status || res.body}`);
    latencies.push(res.ms);
  }
  const page = await directory;
  if (page.status !== 200 || !page.body.includes("Go-live check")) failures.push(`the directory answered ${page.status || page.body} without go-live checks`);
  latencies.sort((a, b) => a - b);
  return { directoryMs: page.ms, latencies, failures };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "bench-scale-"));
  const dir = path.join(work, "manifests");
  mkdirSync(dir);
  const samples = generate(dir);
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  console.log(`${DEALERS} dealer manifests in ${dir}; server on port ${port}`);
  let server: ChildProcess | undefined;
  try {
    const first = await startAndWaitForPage(dir, port);
    server = first.server;
    const rssAtStart = rssMb(server.pid!);
    await first.readiness;
    const { latencies, cachedLatencies, editLive, failures } = await editWhileServing(dir, port, samples);
    const rssAtEnd = rssMb(server.pid!);
    if (heapDir) await heapSnapshot(server, heapDir, port);
    const opened = await directoryWhileServing(port);
    failures.push(...opened.failures);
    const rssAfterDirectory = rssMb(server.pid!);
    await stopAndWait(server);
    // A restart on the same files and database: what a second process of the release, or this one
    // after a crash, takes (the checks its files passed are remembered: runtime/fleet/manifest-checks.ts).
    const again = await startAndWaitForPage(dir, port);
    server = again.server;
    await again.readiness;
    const rssRestarted = rssMb(server.pid!);
    await stopAndWait(server);
    const rows: [string, string, string][] = [
      ["Time to first page", `${(first.firstPageMs / 1000).toFixed(1)} s`, "≤ 10 s"],
      ["RSS after the first page", `${rssAtStart} MB`, "< 400 MB"],
      ["RSS at the end of the edits", `${rssAtEnd} MB`, "< 400 MB"],
      [`Other dealers' home pages during edits, never seen before (${latencies.length} requests) p50`, `${percentile(latencies, 50).toFixed(0)} ms`, ""],
      ["... p99", `${percentile(latencies, 99).toFixed(0)} ms`, "< 100 ms"],
      [
        `Other dealers' home pages during edits, visited before the edits (${cachedLatencies.length} requests to ${cachedDealers().length} dealers) p50`,
        `${percentile(cachedLatencies, 50).toFixed(0)} ms`,
        "",
      ],
      ["... p99", `${percentile(cachedLatencies, 99).toFixed(0)} ms`, "< 100 ms"],
      [`Edit live (${editLive.length} edits) p50`, `${percentile(editLive, 50).toFixed(0)} ms`, ""],
      ["... max", `${editLive[editLive.length - 1]?.toFixed(0)} ms`, "≤ 2 s"],
      ["Staff directory (every dealer's go-live check) opened after the edits", `${(opened.directoryMs / 1000).toFixed(1)} s`, ""],
      [`... visited dealers' pages meanwhile (${opened.latencies.length} requests) p99`, `${percentile(opened.latencies, 99).toFixed(0)} ms`, "< 100 ms"],
      ["... RSS right after it", `${rssAfterDirectory} MB`, ""],
      ["Restarted: time to first page", `${(again.firstPageMs / 1000).toFixed(1)} s`, "≤ 10 s"],
      ["Restarted: RSS when ready", `${rssRestarted} MB`, "< 400 MB"],
    ];
    console.log(
      `\n| Measure (${DEALERS} dealers, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}) | Result | Target |\n| --- | --- | --- |`,
    );
    for (const r of rows) console.log(`| ${r.join(" | ")} |`);
    printReadiness(first.readinessAnswers);
    const memorySteps = printMemory(first.memoryLines);
    console.log("\nRestarted:");
    printReadiness(again.readinessAnswers);
    printMemory(again.memoryLines);
    if (SMOKE)
      assertFigures("bench:scale", {
        "start steps with memory": memorySteps,
        "readyz answers": first.readinessAnswers.length,
        "first page s": first.firstPageMs / 1000,
        "RSS after the first page MB": rssAtStart,
        "RSS at the end MB": rssAtEnd,
        "p99 ms": percentile(latencies, 99),
        "cached p99 ms": percentile(cachedLatencies, 99),
        "edit live max ms": editLive[editLive.length - 1],
        "directory s": opened.directoryMs / 1000,
        "pages while the directory opened": opened.latencies.length,
        "restarted first page s": again.firstPageMs / 1000,
      });
    if (failures.length) {
      console.log(`\n${failures.length} failure(s):\n${failures.slice(0, 20).join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    await stopAndWait(server);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
