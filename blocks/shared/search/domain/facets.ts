/**
 * The stock search's facet catalogue and its ordering rules. Pure: no React.
 *
 * A facet key is what the manifest's `search.facets` list names; each maps to one record
 * attribute, a kind (a checkbox list, a range with number inputs, or the make / model
 * pickers), a label and the name it takes in a search URL's query string.
 */

export type FacetKind = "list" | "range" | "make" | "model";

export interface FacetDefinition {
  key: string;
  /** Record attribute (facet name in the index). */
  attribute: string;
  kind: FacetKind;
  label: string;
  /** Query-string name in search URLs; ranges are written `range[{urlKey}]=min:max`. */
  urlKey: string;
}

const list = (key: string, attribute: string, label: string, urlKey = key): FacetDefinition => ({ key, attribute, kind: "list", label, urlKey });
const range = (key: string, attribute: string, label: string, urlKey = attribute): FacetDefinition => ({ key, attribute, kind: "range", label, urlKey });

/** Every refinement the spec lists that a site may switch on. */
export const FACET_CATALOGUE: Readonly<Record<string, FacetDefinition>> = {
  car_type: list("car_type", "car_type", "Condition"),
  colour: list("colour", "colour", "Colour"),
  body: list("body", "simple_body", "Body type"),
  transmission: list("transmission", "simple_transmission", "Transmission"),
  odometer: range("odometer", "km", "Odometer (km)"),
  price: range("price", "price", "Price"),
  fuel: list("fuel", "simple_fuel", "Fuel type"),
  drive: list("drive", "drive", "Drive"),
  year: range("year", "year", "Year"),
  make: { key: "make", attribute: "make", kind: "make", label: "Make", urlKey: "make" },
  model: { key: "model", attribute: "model", kind: "model", label: "Model", urlKey: "model" },
  seats: list("seats", "seats", "Seats"),
  state: list("state", "state", "State"),
  location: list("location", "location_name", "Location"),
  city: list("city", "city", "City"),
  certified: list("certified", "certified", "Certified"),
  tag: list("tag", "tag", "Tag"),
  badge: list("badge", "badge", "Badge"),
  categories: list("categories", "categories", "Category"),
  price_range: list("price_range", "price_range", "Price range"),
  weekly_price_range: list("weekly_price_range", "weekly_price_range", "Weekly price range"),
  dealership: list("dealership", "dealership_name", "Dealership", "dealership_name"),
  features: list("features", "filtered_features", "Features", "filtered_features"),
  item_type: list("item_type", "item_type", "Vehicle type"),
  status: list("status", "status", "Availability"),
  subscription_price: range("subscription_price", "subscription_price", "Subscription price (weekly)"),
};

/**
 * The site's facet list (its search.facets, whose default the schema holds) as definitions, in
 * order; unknown keys dropped, duplicates removed.
 */
export function resolveFacets(keys: readonly string[]): FacetDefinition[] {
  const seen = new Set<string>();
  const out: FacetDefinition[] = [];
  for (const key of keys) {
    const def = FACET_CATALOGUE[key];
    if (def && !seen.has(key)) {
      seen.add(key);
      out.push(def);
    }
  }
  return out;
}

/** The dealership path segment refines this attribute (/search/{dealership_slug}). */
export const DEALERSHIP_ATTRIBUTE = "dealership_slug";

/**
 * A location's stock link refines this attribute (`?location_id=2032`): the manifest location's id,
 * which the stock feed carries on every car, so the link never depends on how the feed spells the
 * branch's name.
 */
export const LOCATION_ID_ATTRIBUTE = "location_id";

/** The attributes that may appear in a search URL: every catalogue facet plus the dealership slug and the location id. */
export function urlAttributes(): Array<{ attribute: string; urlKey: string; kind: FacetKind }> {
  const byAttr = new Map<string, { attribute: string; urlKey: string; kind: FacetKind }>();
  for (const def of Object.values(FACET_CATALOGUE)) byAttr.set(def.attribute, { attribute: def.attribute, urlKey: def.urlKey, kind: def.kind });
  byAttr.set(DEALERSHIP_ATTRIBUTE, { attribute: DEALERSHIP_ATTRIBUTE, urlKey: "dealership", kind: "list" });
  byAttr.set(LOCATION_ID_ATTRIBUTE, { attribute: LOCATION_ID_ATTRIBUTE, urlKey: LOCATION_ID_ATTRIBUTE, kind: "list" });
  return [...byAttr.values()];
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

/** Car type order in filters: new, demo, used. */
export const CAR_TYPE_ORDER = ["new", "demo", "used"];

/**
 * Body sort order: wagon, sedan, hatch; dual, extra and single cab; 2 door and 4 door.
 * Values are matched case-insensitively, ignoring spaces, hyphens and underscores; values not
 * in the list follow, alphabetically.
 */
export const BODY_SORT_ORDER = ["wagon", "sedan", "hatch", "dual cab", "extra cab", "single cab", "2 door", "4 door"];

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");

function rankIn(order: readonly string[], value: string): number {
  const n = norm(value);
  const i = order.findIndex((o) => norm(o) === n);
  return i === -1 ? order.length : i;
}

/** The numeric lower bound of a price-range label: "$20,000 - $30,000" → 20000, "$100,000+" → 100000. */
export function priceRangeLowerBound(label: string): number {
  const m = /-?\$?\s*([\d,]+(?:\.\d+)?)/.exec(label);
  if (!m) return Number.POSITIVE_INFINITY;
  return Number(m[1].replace(/,/g, ""));
}

const byLabel = (a: FacetValue, b: FacetValue) => a.label.localeCompare(b.label, "en", { numeric: true, sensitivity: "base" });
const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || byLabel(a, b);

/** Facet values in display order for an attribute (car type, body, price ranges have fixed rules; others by count). */
export function sortFacetValues(attribute: string, values: readonly FacetValue[]): FacetValue[] {
  const copy = [...values];
  switch (attribute) {
    case "car_type":
      return copy.sort((a, b) => rankIn(CAR_TYPE_ORDER, a.value) - rankIn(CAR_TYPE_ORDER, b.value) || byLabel(a, b));
    case "simple_body":
    case "body":
      return copy.sort((a, b) => rankIn(BODY_SORT_ORDER, a.value) - rankIn(BODY_SORT_ORDER, b.value) || byLabel(a, b));
    case "price_range":
    case "weekly_price_range":
      return copy.sort((a, b) => priceRangeLowerBound(a.value) - priceRangeLowerBound(b.value) || byLabel(a, b));
    case "year":
    case "seats":
      return copy.sort((a, b) => Number(b.value) - Number(a.value));
    default:
      return copy.sort(byCount);
  }
}

/** The certified filter hides its 'false' value on certified-only sites. */
export function visibleFacetValues(attribute: string, values: readonly FacetValue[], options: { certifiedOnly: boolean }): FacetValue[] {
  if (attribute === "certified" && options.certifiedOnly) return values.filter((v) => v.value !== "false");
  return [...values];
}

const BODY_LABELS: Record<string, string> = {
  "4x4": "4x4",
  cabChassis: "Cab chassis",
  lightTruck: "Light truck",
  peopleMover: "People mover",
  stationWagon: "Station wagon",
  suv: "SUV",
  ev: "EV",
};

/** The car statuses of the feed, as a shopper reads them. */
const STATUS_LABELS: Record<string, string> = { in_stock: "In stock", coming_soon: "Coming soon", sold: "Sold" };

/** A readable label for a facet value (car types and bodies are stored as codes). */
export function facetValueLabel(attribute: string, value: string, options: { usedKeyword: string }): string {
  if (attribute === "car_type") {
    if (value === "used") return options.usedKeyword;
    return value.charAt(0).toUpperCase() + value.slice(1);
  }
  if (attribute === "simple_body" || attribute === "body") return BODY_LABELS[value] ?? value.charAt(0).toUpperCase() + value.slice(1);
  if (attribute === "certified") return value === "true" ? "Certified" : "Not certified";
  if (attribute === "seats") return `${value} seats`;
  if (attribute === "status") return STATUS_LABELS[value] ?? value;
  return value;
}

/** Facet counts above 1999 hits use the stock count instead of total hits. */
export const STOCK_COUNT_THRESHOLD = 1999;

/**
 * The total to show for a result set: above 1999 hits (where a hosted engine's counts stop
 * being exhaustive) the stock count is used when it is known; otherwise the hit count.
 */
export function displayedTotal(nbHits: number, stockCount: number | null | undefined): number {
  if (nbHits > STOCK_COUNT_THRESHOLD && typeof stockCount === "number" && Number.isFinite(stockCount)) return stockCount;
  return nbHits;
}
