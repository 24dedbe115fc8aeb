import { treeHasTrait } from "../block-traits";

/**
 * How many top-level blocks a page's first screen can hold: the breadcrumbs, a heading's rich
 * text and a location section come before the contact page's form, the fourth block. A form
 * further down (the model page's register-interest form is the sixth, after the hero, the colour
 * viewer, the variants, the features and the stock) is reached by scrolling, by which time the
 * scripts have arrived.
 */
export const FIRST_SCREEN_BLOCKS = 4;

/**
 * Whether a page paints before its scripts load (runtime/http/after-paint-scripts.mjs): every page
 * but one with an inputFirst block on its first screen (in its first FIRST_SCREEN_BLOCKS top-level
 * blocks, their slots included). A page's first job is to be looked at: its interactive parts
 * either work before their code (links, GET forms, the header's menus) or carry over anything done
 * before they go live (the hydrateLater islands: the colour viewer, the carousels, the lead forms,
 * whose submission before their code is the plain post that works without JavaScript; the
 * checkout's and the online payment's plain posts). A page that opens on a form that comes to life
 * as the page hydrates (the trade-in estimate, the parts order, the multi-step enquiry) keeps the
 * framework's scripts loading from the head, so the form the visitor sees first comes to life as
 * early as possible.
 *
 * Measured (Lighthouse mobile, docs/performance.md): pages with text as their largest paint (about
 * us, brands, the dealer locator) went from LCP 2.4-2.9 s with the scripts in the head to 1.1 s.
 */
export function paintsFirst(route: { blocks?: unknown[] }): boolean {
  return !treeHasTrait({ blocks: (route.blocks ?? []).slice(0, FIRST_SCREEN_BLOCKS) }, "inputFirst");
}
