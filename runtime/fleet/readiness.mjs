// What this process still waits for before it can serve what its peers serve: `/readyz`
// (scripts/server.mjs) answers 503 until every condition registered here is met. The app
// registers its conditions at start (instrumentation.ts): the published manifests loaded, the
// stock loaded, the change bus listening. Kept on globalThis because scripts/server.mjs and
// Next's module graphs are separate module instances of one process.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

const KEY = Symbol.for("dealer-platform.readiness");

/** @returns {Map<string, boolean>} */
function conditions() {
  const g = /** @type {any} */ (globalThis);
  return (g[KEY] ??= new Map());
}

/** Adds a condition, not met yet (or sets it again). @param {string} name */
export function waitFor(name) {
  conditions().set(name, false);
}

/** Marks a condition met (true) or unmet again (false). @param {string} name @param {boolean} [met] */
export function setReady(name, met = true) {
  conditions().set(name, met);
}

/** Ready when every registered condition is met; `waiting` names the others. @returns {{ ok: boolean, waiting: string[] }} */
export function isReady() {
  const waiting = [...conditions()].filter(([, met]) => !met).map(([name]) => name);
  return { ok: waiting.length === 0, waiting };
}

/** Forgets every condition (tests). */
export function resetReadiness() {
  conditions().clear();
}

const PORT_KEY = Symbol.for("dealer-platform.listening-port");

/** The port this process's server answers on (scripts/server.mjs), for requests it makes to itself. @param {number} port */
export function setListeningPort(port) {
  /** @type {any} */ (globalThis)[PORT_KEY] = port;
}

/** @returns {number | undefined} */
export function listeningPort() {
  return /** @type {any} */ (globalThis)[PORT_KEY];
}
