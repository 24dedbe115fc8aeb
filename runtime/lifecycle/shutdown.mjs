// Work to finish before the process exits (graceful shutdown, scripts/server.mjs): the lead
// outbox's current batch, then the database. Kept on globalThis because Next loads route
// handlers, instrumentation and the server in separate module graphs of one process.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

const KEY = Symbol.for("dealer-platform.shutdown-hooks");

/** @returns {Map<string, { order: number, run: () => Promise<unknown> }>} */
function hooks() {
  const g = /** @type {any} */ (globalThis);
  return (g[KEY] ??= new Map());
}

/**
 * Registers (or replaces, by name) a hook; lower `order` runs first.
 * @param {string} name
 * @param {number} order
 * @param {() => Promise<unknown>} run
 */
export function onShutdown(name, order, run) {
  hooks().set(name, { order, run });
}

/** Forgets a hook (a worker stopped by other means). @param {string} name */
export function offShutdown(name) {
  hooks().delete(name);
}

/**
 * Runs every hook once, in order; a failing hook is reported and the next still runs.
 * @param {(name: string, error: unknown) => void} [onError]
 */
export async function runShutdownHooks(onError) {
  const list = [...hooks().entries()].sort((a, b) => a[1].order - b[1].order);
  hooks().clear();
  for (const [name, hook] of list) {
    try {
      await hook.run();
    } catch (e) {
      onError?.(name, e);
    }
  }
}
