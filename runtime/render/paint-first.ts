import { routeHasTrait } from "./block-traits";

/**
 * Pages that paint before their scripts load (runtime/http/after-paint-scripts.mjs): those with a
 * block that declares the paintFirst trait (the vehicle page). Such a page's first job is to be
 * looked at: its main picture is the thing to show, and its parts below the fold carry over
 * anything done before they go live (hydrateLater). Pages whose first job is input (search
 * filters, the finance calculator, forms) keep the framework's scripts loading from the head, so
 * they come to life as early as possible.
 */
export function paintsFirst(route: { blocks?: unknown[] }): boolean {
  return routeHasTrait(route, "paintFirst");
}
