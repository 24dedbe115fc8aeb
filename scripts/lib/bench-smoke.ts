/**
 * Smoke mode of the benchmarks (`--smoke`): tiny sizes and a few seconds, so `npm test` runs every
 * benchmark and one that no longer runs fails the suite. A smoke run asserts only that the
 * benchmark ran and produced its figures, never a target: the figures of a few seconds on a busy
 * machine mean nothing.
 */

/** Whether this process was started with `--smoke`. */
export const SMOKE = process.argv.includes("--smoke");

/** The line a smoke run ends with once its figures are all there (scripts/bench-smoke.mjs looks for it). */
export const SMOKE_OK = "bench smoke: figures produced";

/**
 * The line a smoke run prints instead when what it measures cannot exist on this machine (a fleet
 * without a PostgreSQL server to share): the runner reports it skipped, with the reason after it.
 */
export const SMOKE_SKIPPED = "bench smoke: skipped";

/**
 * The figures a run produced, each a finite number (a count may be 0). Throws naming every figure
 * that is missing or not a number; otherwise prints them and the line the smoke runner expects.
 */
export function assertFigures(bench: string, figures: Record<string, number | undefined | null>): void {
  const missing = Object.entries(figures)
    .filter(([, v]) => typeof v !== "number" || !Number.isFinite(v))
    .map(([k, v]) => `${k} (${String(v)})`);
  if (!Object.keys(figures).length) throw new Error(`${bench}: no figures at all`);
  if (missing.length) throw new Error(`${bench}: no figure for ${missing.join(", ")}`);
  const list = Object.entries(figures)
    .map(([k, v]) => `${k} ${Number((v as number).toFixed(2))}`)
    .join(", ");
  console.log(`\n${SMOKE_OK} (${bench}): ${list}`);
}
