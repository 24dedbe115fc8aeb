import { treeHasTrait } from "../block-traits";

/**
 * Whether a page paints before its scripts load (runtime/http/after-paint-scripts.mjs): every page
 * but one with an inputFirst block anywhere in its tree. A page's first job is to be looked at:
 * its interactive parts either work before their code (links, GET forms, the header's menus) or
 * carry over anything done before they go live (the hydrateLater islands: the colour viewer, the
 * carousels). A page with a form that comes to life as the page hydrates (the finance calculator,
 * the lead forms, checkout, sign-in) keeps the framework's scripts loading from the head,
 * wherever the form sits, so it comes to life as early as possible.
 *
 * Measured (Lighthouse mobile, docs/performance.md): pages with text as their largest paint (about
 * us, brands, the dealer locator) went from LCP 2.4-2.9 s with the scripts in the head to 1.1 s.
 */
export function paintsFirst(route: { blocks?: unknown[] }): boolean {
  return !treeHasTrait(route, "inputFirst");
}
