/**
 * How long the event loop was held, in the CPU time of the thread that runs it: the longest
 * stretch between two ticks of a 1 ms timer, counted in this thread's own CPU time.
 *
 * Why CPU time, and this thread's: the event-loop delay (perf_hooks `monitorEventLoopDelay`) and
 * its utilisation are wall-clock time, so on a shared two-core machine at a load average of 20 a
 * 5 ms turn reads as 100 ms or more whenever the system gives the core to another process in the
 * middle of it. The process's CPU time (`process.cpuUsage`) does not grow with the load, but it
 * sums every thread: the studio's diagnosis worker, the stock reader, V8's compiler and collector
 * threads, whose work holds no request. Node (20) reports no per-thread CPU time; Linux does, in
 * nanoseconds, in /proc/thread-self/schedstat (its first field: time on a CPU). Opened in this
 * thread, the file keeps reporting this thread wherever it is read from.
 *
 * A timer tick can only run between two turns of the loop, so the CPU this thread used from one
 * tick to the next is at least every turn in between: the largest of these is an upper bound of
 * the longest turn, a little over it by the timer's own work. Where the file is missing (not
 * Linux) `available` is false and the callers fall back to the process's CPU time.
 */
import { closeSync, openSync, readSync } from "node:fs";

/** This thread's CPU time in milliseconds, from a file opened once; null where the system has no such file. */
export function threadCpuClock(): (() => number) | null {
  let fd: number;
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
  const first = read();
  if (!Number.isFinite(first)) {
    closeSync(fd);
    return null;
  }
  return read;
}

export class LoopHold {
  private readonly clock = threadCpuClock();
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = 0;
  private max = 0;

  /** Whether this system reports the thread's CPU time (else nothing is measured). */
  get available(): boolean {
    return this.clock !== null;
  }

  /** Starts ticking (every millisecond the loop is free). */
  start(): void {
    if (!this.clock || this.timer) return;
    this.reset();
    this.timer = setInterval(() => this.tick(), 1);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Forgets what was measured: the next stretch starts now. */
  reset(): void {
    this.last = this.clock?.() ?? 0;
    this.max = 0;
  }

  private tick(): void {
    const now = this.clock!();
    this.max = Math.max(this.max, now - this.last);
    this.last = now;
  }

  /** The longest stretch since the last reset, in ms of this thread's CPU time, the one running now included. */
  longest(): number {
    if (this.clock) this.tick();
    return this.max;
  }
}
