// The CPU time of one thread, for measuring how long the event loop's own thread was held
// (tests/helpers/loop-hold.ts, scripts/lib/loop-delay-probe.mjs, bench:abuse). The event loop's
// delay is wall-clock time, which on a loaded machine is mostly the wait for a core; the process's
// CPU time sums every thread (workers, the compiler, the collector). Node (20) reports no per-thread
// CPU time; Linux does, in nanoseconds, in /proc/thread-self/schedstat (its first field: time spent
// on a CPU). Opened by a thread, the file keeps reporting that thread wherever it is read from.
//
// Plain JavaScript: the probe is loaded into a server with `node --import`.
import { closeSync, openSync, readSync } from "node:fs";

/**
 * This thread's CPU time in milliseconds, read from a file opened once; null where the system has
 * no such file (not Linux).
 * @returns {(() => number) | null}
 */
export function threadCpuClock() {
  /** @type {number} */
  let fd;
  try {
    fd = openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(128);
  const read = () => {
    // Read at offset 0 each time: the kernel writes the figures afresh for every read from the start.
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString("latin1", 0, n).split(" ")[0]) / 1e6;
  };
  if (!Number.isFinite(read())) {
    closeSync(fd);
    return null;
  }
  return read;
}
