// The environment the production server (scripts/server.mjs) is started with by `npm start` and
// by the benchmarks (scripts/lib/next-server.ts). Plain JavaScript: scripts/start.mjs runs in node
// as it is.

/**
 * `env` with what the server process should have unless the operator set it:
 *  - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena (up to eight
 *    per core), and the server's threads (libuv's pool compressing pages, V8's helpers, the stock
 *    reader and the studio's worker) each kept freed memory in theirs. Two arenas against the
 *    default sixteen on two cores: 40-60 MB less after the first page at a thousand dealers
 *    (bench:scale, docs/performance.md). It must be in the environment when the process
 *    starts, so a deployment that runs scripts/server.mjs itself sets it there
 *    (docs/deployment.md).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(env) {
  return env.MALLOC_ARENA_MAX ? env : { ...env, MALLOC_ARENA_MAX: "2" };
}
