// Loaded into a server under benchmark with `node --import` (scripts/bench-abuse.ts): measures
// the process's own event-loop delay with perf_hooks, and the longest the loop's thread was held
// in its own CPU time (the most CPU it used between two ticks of a 2 ms timer, thread-cpu.mjs:
// what the load of the machine does not inflate), and, on SIGUSR2, writes what it measured since
// the last signal to BENCH_LOOP_DELAY_FILE as JSON, then starts again. Does nothing
// without that variable, so child processes started with the same options stay quiet.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { threadCpuClock } from "./thread-cpu.mjs";

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  // The histogram records the time between two samples, the resolution included: it is taken off.
  const RESOLUTION_MS = 2;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const cpu = threadCpuClock();
  let lastCpu = cpu?.() ?? 0;
  let lastAt = performance.now();
  let heldCpuMs = 0;
  // The long stretches (over 10 ms of CPU) with their wall-clock span, to tell the collector's
  // pauses (which hold the loop's thread too) from the code's own turns.
  /** @type {Array<{ from: number, to: number, cpuMs: number }>} */
  let stretches = [];
  if (cpu)
    setInterval(() => {
      const now = cpu();
      const at = performance.now();
      heldCpuMs = Math.max(heldCpuMs, now - lastCpu);
      if (now - lastCpu > 10 && stretches.length < 10_000) stretches.push({ from: lastAt, to: at, cpuMs: now - lastCpu });
      lastCpu = now;
      lastAt = at;
    }, RESOLUTION_MS).unref();
  let longestGcMs = 0;
  /** @type {Array<{ from: number, to: number }>} */
  let collections = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longestGcMs = Math.max(longestGcMs, entry.duration);
      if (entry.duration > 2 && collections.length < 10_000) collections.push({ from: entry.startTime, to: entry.startTime + entry.duration });
    }
  }).observe({ entryTypes: ["gc"] });
  /** The longest stretch in which the collector paused no more than 2 ms: the code's own. */
  const heldWithoutGc = () => stretches.filter((s) => !collections.some((c) => c.from < s.to && c.to > s.from)).reduce((m, s) => Math.max(m, s.cpuMs), 0);
  let seq = 0;
  process.on("SIGUSR2", () => {
    const ms = (ns) => Math.max(0, Math.round(ns / 1e4) / 100 - RESOLUTION_MS);
    const report = {
      seq: ++seq,
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      meanMs: ms(histogram.mean),
      samples: histogram.count,
      heldCpuMs: cpu ? Math.round(heldCpuMs * 10) / 10 : null,
      heldCpuWithoutGcMs: cpu ? Math.round(heldWithoutGc() * 10) / 10 : null,
      longestGcMs: Math.round(longestGcMs * 10) / 10,
    };
    longestGcMs = 0;
    stretches = [];
    collections = [];
    histogram.reset();
    heldCpuMs = 0;
    writeFileSync(file, JSON.stringify(report));
  });
}
