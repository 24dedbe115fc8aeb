/**
 * How many facet values the search page asks for and shows. Its own module because the browser's
 * facets need these numbers, and the page configuration (config.ts) is server code with imports
 * the browser should not download.
 */
export const MAKE_CARDS_SHOWN = 7;
export const POPULAR_MAKES = 20;
export const MODEL_LIMIT = 30;
/** Enough facet values for 'Show all makes' and 'All Makes'. */
export const MAKE_LIMIT = 200;
export const LIST_LIMIT = 50;
