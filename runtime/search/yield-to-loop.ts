/**
 * Lets the event loop run other work (requests, timers, I/O) before going on: a long job in the
 * background awaits this between slices of its work.
 *
 * A timer rather than setImmediate: Next's server replaces the global setImmediate (its
 * fast-set-immediate patch) and, while it renders a page in sequential tasks, takes every
 * immediate scheduled in the meantime into that render's own queue and runs it in the same task,
 * along with the ones those schedule. A chain of immediates, as a background build is, would
 * then run to its end inside one turn of the loop. Timers are not patched.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Runs work sliced into steps (a generator that yields between them) to its end at once, in one turn. */
export function drained<T>(steps: Generator<unknown, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
