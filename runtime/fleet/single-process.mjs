// A production process without DATABASE_URL opens an embedded database of its own (PGlite): fine
// for one process, wrong for a fleet, where it would quietly keep its own reservations, leads and
// published manifests apart from its peers'. So a production process without DATABASE_URL
// refuses to start unless it is told it runs alone (SINGLE_PROCESS=1; `npm start` sets it).
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

/** The variable that says "this process runs alone, on its embedded database". */
export const SINGLE_PROCESS_ENV = "SINGLE_PROCESS";

const YES = new Set(["1", "true", "yes", "on"]);

/** @param {NodeJS.ProcessEnv} env */
export function runsAlone(env) {
  return YES.has(
    String(env[SINGLE_PROCESS_ENV] ?? "")
      .trim()
      .toLowerCase(),
  );
}

/**
 * Why this process must not start, or null when it may. Development servers and the build are
 * never refused; a production process needs DATABASE_URL or SINGLE_PROCESS=1.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function startRefusal(env) {
  if (env.NODE_ENV !== "production" || env.NEXT_PHASE === "phase-production-build") return null;
  if ((env.DATABASE_URL ?? "").trim() !== "" || runsAlone(env)) return null;
  return (
    "Refusing to start: DATABASE_URL is not set. Without it this process would open an embedded " +
    "database of its own, and beside other server processes it would show and sell what they " +
    "cannot see. Set DATABASE_URL to the PostgreSQL server every process shares, or set " +
    `${SINGLE_PROCESS_ENV}=1 if this is the only server process (npm start does; docs/deployment.md).`
  );
}
