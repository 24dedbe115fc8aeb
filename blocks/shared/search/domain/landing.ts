/**
 * Which search URLs are indexable landing pages, and the page heading for a search state.
 * Pure: no React.
 *
 * Indexable (canonical to themselves): the condition pages (/search/new-used-and-demo-cars,
 * /search/used-cars, /search/new-and-demo-cars, /search/{type}-cars), a make (/search/toyota)
 * and a make and model (/search/toyota/rav4), with nothing else refined, on page 1, in the
 * default order. Any other combination is `noindex` with a canonical parent: the make and
 * model (or make) it narrows, else its condition page, else the default search page.
 */
import { buildSearchUrl, carTypeSegment, emptyState, type SearchState, type UrlOptions } from "./url-state";

export interface Landing {
  indexable: boolean;
  /** Path (and query, never for a canonical) of the canonical page. */
  canonical: string;
}

/** The landing page a state narrows: make (and model), or condition, or the default. */
export function canonicalParent(state: SearchState): SearchState {
  const parent = emptyState();
  const makes = state.refinements.make ?? [];
  const models = state.refinements.model ?? [];
  if (makes.length === 1) {
    parent.refinements.make = [makes[0]];
    if (models.length === 1) parent.refinements.model = [models[0]];
    return parent;
  }
  const types = state.refinements.car_type ?? [];
  if (carTypeSegment(types)) parent.refinements.car_type = [...types];
  return parent;
}

export function landingFor(state: SearchState, options: UrlOptions = {}): Landing {
  const parent = canonicalParent(state);
  const canonical = buildSearchUrl(parent, options);
  if (options.pathFacets === false) {
    const bare =
      !state.query &&
      state.page === 1 &&
      !state.sortBy &&
      Object.values(state.refinements).every((v) => v.length === 0) &&
      Object.keys(state.ranges).length === 0;
    return { indexable: bare, canonical: options.basePath ?? canonical };
  }
  const sameAsParent = buildSearchUrl(state, options) === canonical;
  return { indexable: sameAsParent, canonical };
}

/** The site's words (its wording section) a heading uses. */
export interface HeadingWording {
  usedKeyword: string;
  /** The searched vehicles' plural noun, e.g. "Cars", "Motorcycles" (runtime/wording.ts vehicleNoun). */
  vehicles: string;
}

const lowerFirst = (s: string) => (s ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** "Used Toyota RAV4 for sale", "New and demo cars for sale", "New, used and demo cars for sale". */
export function searchHeading(state: SearchState, wording: HeadingWording): string {
  const used = wording.usedKeyword;
  const vehicles = lowerFirst(wording.vehicles);
  const types = ["new", "demo", "used"].filter((t) => (state.refinements.car_type ?? []).includes(t));
  const word = (t: string) => (t === "used" ? used : t === "new" ? "New" : "Demo");
  let condition = "";
  if (types.length === 1) condition = word(types[0]);
  else if (types.length === 2) condition = `${word(types[0])} and ${lowerFirst(word(types[1]))}`;
  const makes = state.refinements.make ?? [];
  const models = state.refinements.model ?? [];
  let subject = vehicles;
  if (makes.length === 1) subject = models.length === 1 ? `${makes[0]} ${models[0]}` : makes[0];
  else if (makes.length > 1) subject = `${makes.join(", ")} ${vehicles}`;
  if (!condition && makes.length === 0) condition = `New, ${lowerFirst(used)} and demo`;
  return upperFirst(`${condition ? `${condition} ` : ""}${subject} for sale`);
}
