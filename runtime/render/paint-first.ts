import { routeHasBlock } from "./resolve-page";

/**
 * Pages that paint before their scripts load (runtime/http/after-paint-scripts.mjs). A vehicle
 * page's first job is to be looked at: its main picture is the thing to show, and its parts below
 * the fold carry over anything done before they go live (hydrateLater). Pages whose first job is
 * input (search filters, the finance calculator, forms) keep the framework's scripts loading
 * from the head, so they come to life as early as possible.
 */
export const PAINT_FIRST_BLOCK_TYPES: ReadonlySet<string> = new Set(["vehicle-page"]);

export function paintsFirst(route: { blocks?: unknown[] }): boolean {
  return routeHasBlock(route, PAINT_FIRST_BLOCK_TYPES);
}
