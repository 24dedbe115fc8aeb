// Loaded into a server under benchmark with `node --import` (scripts/bench-abuse.ts): measures
// the process's own event-loop delay with perf_hooks and, on SIGUSR2, writes what it measured
// since the last signal to BENCH_LOOP_DELAY_FILE as JSON, then starts again. Does nothing
// without that variable, so child processes started with the same options stay quiet.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  // The histogram records the time between two samples, the resolution included: it is taken off.
  const RESOLUTION_MS = 2;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let seq = 0;
  process.on("SIGUSR2", () => {
    const ms = (ns) => Math.max(0, Math.round(ns / 1e4) / 100 - RESOLUTION_MS);
    const report = {
      seq: ++seq,
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      meanMs: ms(histogram.mean),
      samples: histogram.count,
    };
    histogram.reset();
    writeFileSync(file, JSON.stringify(report));
  });
}
