// The production entry point is scripts/server.mjs, never `next start` alone: the security headers
// (the Content-Security-Policy with the page's script hashes, nosniff, HSTS, frame-ancestors), the
// after-paint script rewrite, compression (Next's own is off), trusted X-Forwarded-* handling,
// the health checks and graceful shutdown all live in that server, around Next's handler. Under
// `next start` every page would go out without them and still look fine, so the app says so.
//
// scripts/server.mjs sets SERVER_ENTRY_ENV before Next loads (child processes Next starts
// inherit it); instrumentation.ts checks it when the server starts.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

/** Environment variable by which scripts/server.mjs tells the app it is the entry point. */
export const SERVER_ENTRY_ENV = "DEALER_PLATFORM_SERVER";

/** @param {NodeJS.ProcessEnv} env */
export function markProductionServer(env) {
  env[SERVER_ENTRY_ENV] = "scripts/server.mjs";
}

/**
 * The warning to log when a production server runs without scripts/server.mjs, or null. The
 * development server and the build are not production servers.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function entryPointWarning(env) {
  if (env.NODE_ENV !== "production" || env.NEXT_PHASE === "phase-production-build" || env[SERVER_ENTRY_ENV]) return null;
  return (
    "This production server was started without scripts/server.mjs (for example with `next start`): " +
    "pages go out without their Content-Security-Policy and security headers, uncompressed, with " +
    "X-Forwarded-* headers unchecked and no /healthz or /readyz. Start it with `npm run serve` or " +
    "`node scripts/server.mjs -p PORT` (docs/deployment.md)."
  );
}
