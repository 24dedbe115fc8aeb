// The environment the production server (scripts/server.mjs) is started with by `npm start` and
// by the benchmarks (scripts/lib/next-server.ts), and the V8 setting it gives itself. Plain
// JavaScript: scripts/start.mjs and scripts/server.mjs run in node as they are.

/** MB of each of V8's two young-generation halves; Node's default on 64-bit machines is 16. */
export const SEMI_SPACE_MB = 8;

/** How far V8 lets the heap grow past what the last full collection kept, in per cent. */
export const HEAP_GROWING_PERCENT = 25;

/**
 * `env` with what the server process should have unless the operator set it:
 *  - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena (up to eight
 *    per core), and the server's threads (libuv's pool compressing pages, V8's helpers, the stock
 *    reader and the studio's worker) each kept freed memory in theirs. Two arenas against the
 *    default sixteen on two cores: 40-60 MB less after the first page at a thousand dealers
 *    (bench:scale, docs/performance.md).
 *  - NODE_OPTIONS with --max-semi-space-size: each page render allocates a few MB that die young,
 *    and 8 MB halves hold them as well as 16 did; 20-30 MB less at a thousand dealers.
 * Both must be in the environment when the process starts (V8 sizes its young generation once),
 * so a deployment that runs scripts/server.mjs itself sets them there (docs/deployment.md).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(env) {
  const out = { ...env };
  if (!out.MALLOC_ARENA_MAX) out.MALLOC_ARENA_MAX = "2";
  if (!/--max-semi-space-size\b/.test(out.NODE_OPTIONS ?? "")) {
    out.NODE_OPTIONS = [out.NODE_OPTIONS?.trim(), `--max-semi-space-size=${SEMI_SPACE_MB}`].filter(Boolean).join(" ");
  }
  return out;
}

/**
 * Holds V8's heap to HEAP_GROWING_PERCENT above what its last full collection kept, unless the
 * process was started with its own --heap-growing-percent. V8 otherwise picks the factor from its
 * collector's speed against the program's, up to 4x when rendering keeps the collector busy: a
 * server with 200 MB live sat at 400-500 MB of heap. Held lower it collects more often (mostly
 * concurrent marking on the other core); bench:scale at a thousand dealers, RSS at the end of the
 * edits and other dealers' p99: default 740-780 MB and 48-61 ms; 30%, 394-401 MB and 65-67 ms;
 * 20%, 385 MB and 81-97 ms (docs/performance.md). 10% thrashed: the collector ran without pause
 * and pages timed out.
 * This flag, unlike the young generation's size, may be set while running: V8 reads it each time
 * it sets the next limit. Node refuses it in NODE_OPTIONS, hence here.
 * @param {{ setFlagsFromString(flags: string): void }} v8
 * @param {readonly string[]} execArgv
 * @returns {boolean} whether it was set
 */
export function limitHeapGrowth(v8, execArgv) {
  if (execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
