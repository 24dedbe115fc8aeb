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
  let heldCpuMs = 0;
  if (cpu)
    setInterval(() => {
      const now = cpu();
      heldCpuMs = Math.max(heldCpuMs, now - lastCpu);
      lastCpu = now;
    }, RESOLUTION_MS).unref();
  // The collector's pauses, which hold the loop's thread too: the longest, to tell them from the code's own turns.
  let longestGcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
  }).observe({ entryTypes: ["gc"] });
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
      longestGcMs: Math.round(longestGcMs * 10) / 10,
    };
    longestGcMs = 0;
    histogram.reset();
    heldCpuMs = 0;
    writeFileSync(file, JSON.stringify(report));
  });
}
