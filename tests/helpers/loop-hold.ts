/**
 * How long the event loop was held, in the CPU time of the thread that runs it: the longest
 * stretch between two ticks of a 1 ms timer, counted in this thread's own CPU time.
 *
 * Why CPU time, and this thread's: the event-loop delay (perf_hooks `monitorEventLoopDelay`) and
 * its utilisation are wall-clock time, so on a shared two-core machine at a load average of 20 a
 * 5 ms turn reads as 100 ms or more whenever the system gives the core to another process in the
 * middle of it. The process's CPU time (`process.cpuUsage`) does not grow with the load, but it
 * sums every thread: the studio's diagnosis worker, the stock reader, V8's compiler and collector
 * threads, whose work holds no request. The thread's own CPU time comes from Linux
 * (scripts/lib/thread-cpu.mjs).
 *
 * A timer tick can only run between two turns of the loop, so the CPU this thread used from one
 * tick to the next is at least every turn in between: the largest of these is an upper bound of
 * the longest turn, a little over it by the timer's own work. Where the file is missing (not
 * Linux) `available` is false and the callers fall back to the process's CPU time.
 */
import { threadCpuClock } from "../../scripts/lib/thread-cpu.mjs";

export { threadCpuClock };

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
