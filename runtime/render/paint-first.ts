import { routeHasTrait, treeHasTrait } from "../block-traits";

/**
 * Pages that paint before their scripts load (runtime/http/after-paint-scripts.mjs): those with a
 * block that declares the paintFirst trait (the vehicle page, the search pages, a home page's
 * slider or hero). Such a page's first job is to be looked at: its main picture is the thing to
 * show, and its interactive parts either work before their code (links, GET forms) or carry over
 * anything done before they go live (hydrateLater). A page with a form that comes to life as the
 * page hydrates (an inputFirst block: the finance calculator, the lead forms, checkout) keeps the
 * framework's scripts loading from the head, wherever the form sits, so it comes to life as early
 * as possible.
 */
export function paintsFirst(route: { blocks?: unknown[] }): boolean {
  return routeHasTrait(route, "paintFirst") && !treeHasTrait(route, "inputFirst");
}
