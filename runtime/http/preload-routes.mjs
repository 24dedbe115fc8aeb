// Every page's and route's code loaded before the process says it is ready, but the studio's.
//
// Next loads the build's route modules on its own after it starts (its preloadEntriesOnStart),
// but in the background, after `prepare()` has resolved: that is after the server here said it
// was ready, so the first requests met one to three seconds in which the event loop was busy
// requiring and evaluating route code (the first API request seemed to take that long). Awaiting
// the same preload (Next's server's `unstable_preloadEntries`, the step its own start runs) before
// readiness moves that work to the start, where /readyz still answers 503 "starting" and no
// request is held behind it. The pages are loaded one at a time with awaits between them, so
// /healthz and /readyz keep answering meanwhile. Next's own background pass is off
// (next.config.ts, `experimental.preloadEntriesOnStart`): it would load the studio too.
//
// The studio's routes (26 of the app's, 104 chunks only they use) are left to their first
// request: staff open them, shoppers never do, and every process of the fleet held their code
// from its start (docs/performance.md, "A thousand dealers"). Next loads a route's code on its
// first request whether or not it was preloaded; the studio's first request pays for it.
//
// Plain JavaScript because scripts/server.mjs loads it with node directly.

/**
 * Whether an app route (a key of Next's app-paths manifest, e.g. `/%5Fstudio/page`) is loaded on
 * its first request rather than at start: the studio's.
 * @param {string} page
 */
export const loadedOnFirstUse = (page) => page.startsWith("/%5Fstudio/") || page.startsWith("/_studio/");

/**
 * Awaits Next's preload of every entry of the build but those `loadedOnFirstUse`; false (and
 * nothing done) when this Next has no such step, so a Next upgrade that drops it falls back to
 * loading each route on its first request.
 * @param {{ server?: { getServer?: () => Promise<unknown> } }} app the custom server `next()` gave, prepared
 * @returns {Promise<boolean>}
 */
export async function preloadRoutes(app) {
  const server = /** @type {{ unstable_preloadEntries?: () => Promise<void>, getAppPathsManifest?: () => Record<string, string> | undefined } | undefined} */ (
    await app.server?.getServer?.()
  );
  if (typeof server?.unstable_preloadEntries !== "function") return false;
  const manifestOf = server.getAppPathsManifest;
  if (typeof manifestOf !== "function") {
    await server.unstable_preloadEntries();
    return true;
  }
  // Next's step reads the routes to load from this method (and nothing else calls it once the
  // server is constructed): for the step's duration it lists all but the studio's.
  const own = Object.prototype.hasOwnProperty.call(server, "getAppPathsManifest");
  server.getAppPathsManifest = function () {
    const all = manifestOf.call(this);
    return all && Object.fromEntries(Object.entries(all).filter(([page]) => !loadedOnFirstUse(page)));
  };
  try {
    await server.unstable_preloadEntries();
  } finally {
    if (own) server.getAppPathsManifest = manifestOf;
    else delete server.getAppPathsManifest;
  }
  return true;
}
