// What this process still waits for before it can serve what its peers serve: `/readyz`
// (scripts/server.mjs) answers 503 until every condition registered here is met. The app
// registers its conditions at start (instrumentation.ts): the published manifests loaded, the
// stock loaded, the change bus listening. Kept on globalThis because scripts/server.mjs and
// Next's module graphs are separate module instances of one process.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

const KEY = Symbol.for("dealer-platform.readiness");
const WAITERS = Symbol.for("dealer-platform.readiness-waiters");

/** What a server process loads at start before it serves (instrumentation.ts marks each one met). */
export const READY_MANIFESTS = "published manifests";
export const READY_BUS = "change bus";
export const READY_STOCK = "stock";
export const START_CONDITIONS = [READY_MANIFESTS, READY_BUS, READY_STOCK];

/** @returns {Set<(error?: Error) => void>} */
function waiters() {
  const g = /** @type {any} */ (globalThis);
  return (g[WAITERS] ??= new Set());
}

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
  // The first time only: a condition met again later (the bus reconnecting) is not a start step.
  if (met && conditions().get(name) === false && !memoryNotes().some((n) => n.step === name)) noteMemory(name);
  conditions().set(name, met);
  if (met) for (const w of [...waiters()]) w();
}

/**
 * Resolves once every registered condition is met (at once if they are), or every one but those
 * named in `except` (a step that itself waits for the others: the server's warm-up); rejects if
 * the start failed.
 * @param {readonly string[]} [except]
 * @returns {Promise<void>}
 */
export function whenReady(except = []) {
  const met = () => isReady().waiting.every((name) => except.includes(name));
  if (met()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    /** @param {Error} [error] */
    const w = (error) => {
      if (!error && !met()) return;
      waiters().delete(w);
      if (error) reject(error);
      else resolve(undefined);
    };
    waiters().add(w);
  });
}

/** The start failed (the database is unreachable, say): whoever waits for readiness hears why. @param {Error} error */
export function startFailed(error) {
  for (const w of [...waiters()]) w(error);
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

const MEMORY_KEY = Symbol.for("dealer-platform.start-memory");

/**
 * The process's memory (process.memoryUsage()) as each step of its start is done, in order (each
 * condition above as it is met, and the steps scripts/server.mjs notes): the difference between
 * two notes is what that step added (the database, the manifests, the stock index, Next).
 * @returns {Array<{ step: string } & NodeJS.MemoryUsage>}
 */
export function memoryNotes() {
  const g = /** @type {any} */ (globalThis);
  return (g[MEMORY_KEY] ??= []);
}

/** Notes the memory now, after `step`. @param {string} step */
export function noteMemory(step) {
  memoryNotes().push({ step, ...process.memoryUsage() });
}
