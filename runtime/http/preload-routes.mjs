// Every page's and route's code loaded before the process says it is ready.
//
// Next loads the build's route modules on its own after it starts (its preloadEntriesOnStart),
// but in the background, after `prepare()` has resolved: that is after the server here said it
// was ready, so the first requests met one to three seconds in which the event loop was busy
// requiring and evaluating route code (the first API request seemed to take that long). Awaiting
// the same preload (Next's server's `unstable_preloadEntries`, the step its own start runs) before
// readiness moves that work to the start, where /readyz still answers 503 "starting" and no
// request is held behind it. The pages are loaded one at a time with awaits between them, so
// /healthz and /readyz keep answering meanwhile. Loading a module twice (Next's own background
// pass runs as well) finds it in the require cache.
//
// Plain JavaScript because scripts/server.mjs loads it with node directly.

/**
 * Awaits Next's preload of every entry of the build; false (and nothing done) when this Next has
 * no such step, so a Next upgrade that drops it falls back to Next's own background loading.
 * @param {{ server?: { getServer?: () => Promise<unknown> } }} app the custom server `next()` gave, prepared
 * @returns {Promise<boolean>}
 */
export async function preloadRoutes(app) {
  const server = /** @type {{ unstable_preloadEntries?: () => Promise<void> } | undefined} */ (await app.server?.getServer?.());
  if (typeof server?.unstable_preloadEntries !== "function") return false;
  await server.unstable_preloadEntries();
  return true;
}
