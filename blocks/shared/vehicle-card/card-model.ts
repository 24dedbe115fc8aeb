/**
 * What a vehicle card shows, worked out from a stock record and the site's settings (card tag
 * precedence, availability, a price only above 10). Pure: no React, so the search grid, the
 * offers search and the vehicle page's similar-cars carousel share it.
 */
import { favouriteEligible } from "../favourites/domain/favourites";
import type { Car, ResolvedSearchSettings, ResolvedWording, Wording } from "@/runtime/generated/types";
import { searchSettingsDefaults } from "@/runtime/generated/defaults";
import { resolvedWording } from "@/runtime/wording";
import { carTitle, isAvailable, showsPrice } from "@/runtime/cars/availability";
import { cardTag, type CardTag } from "@/runtime/cars/card-tag";
import { carFinanceQuote, financeExcludedMake, quoteText } from "@/runtime/finance/car-quote";
import type { QuoteRequest } from "@/runtime/finance/quote";
import { financeLink } from "@/runtime/finance/finance-link";
import { formatCurrency, formatNumber } from "@/runtime/finance/format";
import { IMAGE_ROUTE_PREFIX } from "@/runtime/images/vehicle-image-url";
import { facetValueLabel } from "@/blocks/shared/search/domain/facets";

/** The id of the finance disclaimer a card's 'Click for Finance Disclaimer' points at (FinanceDisclaimerNote renders it). */
export const FINANCE_DISCLAIMER_ID = "finance-disclaimer";

/** The record fields a card reads (the search asks for only these: attributesToRetrieve). */
export const CARD_ATTRIBUTES = [
  "objectID",
  "id",
  "slug",
  "year",
  "make",
  "model",
  "badge",
  "series",
  "car_type",
  "status",
  "sold",
  "tag",
  "reserved",
  "certified",
  "price",
  "before_price",
  "subscription_price",
  "price_type",
  "youxQuote",
  "km",
  "stocknum",
  "vin",
  "colour",
  "simple_transmission",
  "trans",
  "simple_body",
  "body",
  "simple_fuel",
  "fuel",
  "drive",
  "seats",
  "doors",
  "engine_size_litres",
  "primary_image_url",
  "photos_count",
  "location_name",
  "city",
  "state",
  "dealership_id",
  "dealership_slug",
  "dealership_name",
  "views",
  "created_at_timestamp",
  "item_type",
] as const;

export type CardCar = Pick<Car, "slug" | "year" | "make" | "model" | "car_type" | "status" | "price"> &
  Partial<
    Pick<
      Car,
      | "objectID"
      | "id"
      | "badge"
      | "series"
      | "sold"
      | "tag"
      | "reserved"
      | "certified"
      | "before_price"
      | "subscription_price"
      | "price_type"
      | "youxQuote"
      | "km"
      | "stocknum"
      | "vin"
      | "colour"
      | "simple_transmission"
      | "trans"
      | "simple_body"
      | "body"
      | "simple_fuel"
      | "fuel"
      | "drive"
      | "seats"
      | "doors"
      | "engine_size_litres"
      | "primary_image_url"
      | "photos_count"
      | "location_name"
      | "city"
      | "state"
      | "dealership_id"
      | "dealership_slug"
      | "dealership_name"
      | "views"
      | "created_at_timestamp"
      | "item_type"
    >
  > & { images?: Car["images"] };

/**
 * The site's settings a card uses. The search pages pass the manifest's (defaults filled); a
 * caller that leaves a setting out gets the schema's default for it (runtime/generated/defaults.ts).
 */
export interface CardOptions {
  /** The site's wording; words left out read the schema's defaults. */
  wording?: Wording;
  /** Attribute chips, in order: the site's search.cardAttributes. */
  chips?: ResolvedSearchSettings["cardAttributes"];
  /** features.finance: weekly finance and the finance link. */
  finance?: boolean;
  /** features.fuelTags. */
  fuelTags?: boolean;
  /** The site's search.certifiedMakes. */
  certifiedMakes?: ResolvedSearchSettings["certifiedMakes"];
  /** The site's search.justArrivedDays. */
  justArrivedDays?: ResolvedSearchSettings["justArrivedDays"];
  /** Request time in ms, the same on the server and in the browser (hydration). */
  nowMs: number;
  showViews?: boolean;
  favourites?: boolean;
  compare?: boolean;
  /** The site's analytics sink (favourite event 39). */
  analyticsSink?: string;
  /** Favourites on used cars only (the site's accounts.favouritesUsedOnly). */
  favouritesUsedOnly?: boolean;
  /** features.watchlist: the card's Watch button (signed-in shoppers with a mobile). */
  watchlist?: boolean;
  /** Site path of the finance page (default /finance). */
  financePath?: string;
  /** Where 'Click for Finance Disclaimer' points (an anchor on the page). */
  disclaimerHref?: string;
  /** features.subscription: show the car's weekly subscription price. */
  subscription?: boolean;
  /** features.youxQuote: a car without a quote asks POST /api/youx/quote for one. */
  quoteRequests?: boolean;
}

export interface CardChip {
  key: string;
  label: string;
  value: string;
}

export interface CardImage {
  src: string;
  srcSet?: string;
  alt: string;
}

export interface CardView {
  title: string;
  href: string;
  available: boolean;
  chips: CardChip[];
  price: { text: string; shown: boolean; type: string | null; was: string | null };
  /** 'Subscribe from $189 per week' on a subscription site when the car has a subscription price. */
  subscription: string | null;
  /** The car's one quote (runtime/finance/car-quote.ts), or the request the card sends for it. */
  finance: { weekly: string; rate: string | null; disclaimerHref: string; request?: undefined } | { request: QuoteRequest; disclaimerHref: string } | null;
  financeHref: string | null;
  findSimilarHref: string | null;
  tag: CardTag | null;
  image: CardImage | null;
  location: string | null;
  views: string | null;
  canFavourite: boolean;
  canCompare: boolean;
}

const PRICE_TYPES: Record<string, string> = {
  DAP: "Drive away",
  EGC: "Excl. govt. charges",
  ORC: "Plus on-road costs",
  POA: "Price on application",
};

const CHIP_LABELS: Record<string, string> = {
  car_type: "Condition",
  simple_body: "Body",
  body: "Body",
  km: "Odometer",
  simple_transmission: "Transmission",
  trans: "Transmission",
  stocknum: "Stock number",
  colour: "Colour",
  simple_fuel: "Fuel",
  fuel: "Fuel",
  drive: "Drive",
  year: "Year",
  seats: "Seats",
  doors: "Doors",
  engine_size_litres: "Engine",
  location_name: "Location",
  city: "City",
  state: "State",
};

const cap = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

function chipValue(car: CardCar, key: string, wording: ResolvedWording): string | null {
  const raw = (car as Record<string, unknown>)[key];
  if (raw === undefined || raw === null || raw === "") return null;
  switch (key) {
    case "car_type":
    case "simple_body":
    case "seats":
      // The same words as the search page's filters.
      return facetValueLabel(key, String(raw), { usedKeyword: wording.usedKeyword });
    case "km":
      return typeof raw === "number" ? `${formatNumber(raw)} km` : null;
    case "stocknum":
      return `Stock #${String(raw)}`;
    case "doors":
      return `${String(raw)} doors`;
    case "engine_size_litres":
      return typeof raw === "number" ? `${raw.toFixed(1)}L` : null;
    default:
      return String(raw);
  }
}

/** The image route's URL at another width (other URLs unchanged). */
export function imageAtWidth(url: string, width: number, quality = 75): string {
  if (!url.startsWith(IMAGE_ROUTE_PREFIX)) return url;
  const [path, query = ""] = url.split("?");
  const params = new URLSearchParams(query);
  params.set("w", String(width));
  params.set("q", String(quality));
  return `${path}?${params.toString()}`;
}

export const CARD_IMAGE_WIDTHS = [320, 480, 640] as const;

function cardImage(car: CardCar, title: string): CardImage | null {
  const url = car.primary_image_url ?? car.images?.[0]?.image.url;
  if (!url || !/^\/(?!\/)|^https:\/\//.test(url)) return null;
  const src = imageAtWidth(url, 640);
  const srcSet = url.startsWith(IMAGE_ROUTE_PREFIX) ? CARD_IMAGE_WIDTHS.map((w) => `${imageAtWidth(url, w)} ${w}w`).join(", ") : undefined;
  return { src, srcSet, alt: title };
}

/** The entries whose value is set (so they can override defaults in a spread). */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function carHref(car: Pick<CardCar, "slug">): string {
  return `/cars/${encodeURIComponent(car.slug)}`;
}

/** How a subscription price reads (card and vehicle page alike); null without one. */
export function subscriptionText(price: number | null | undefined): string | null {
  return typeof price === "number" && Number.isFinite(price) && price > 0 ? `Subscribe from ${formatCurrency(price)} per week` : null;
}

export function cardView(car: CardCar, options: CardOptions): CardView {
  const wording = resolvedWording(options.wording);
  const search = {
    ...searchSettingsDefaults,
    ...definedOnly({ cardAttributes: options.chips, certifiedMakes: options.certifiedMakes, justArrivedDays: options.justArrivedDays }),
  };
  const title = carTitle(car);
  const available = isAvailable(car);
  const chips: CardChip[] = [];
  for (const key of search.cardAttributes) {
    const value = chipValue(car, key, wording);
    if (value) chips.push({ key, label: CHIP_LABELS[key] ?? cap(key), value });
  }
  const priced = showsPrice(car.price);
  const was = priced && typeof car.before_price === "number" && car.before_price > car.price ? formatCurrency(car.before_price) : null;
  const price = {
    shown: priced,
    text: priced ? formatCurrency(car.price) : wording.noPriceText,
    type: priced && car.price_type ? (PRICE_TYPES[car.price_type] ?? car.price_type) : null,
    was,
  };
  const subscription = options.subscription ? subscriptionText(car.subscription_price) : null;
  let finance: CardView["finance"] = null;
  const financeOn = options.finance !== false;
  if (financeOn) {
    // The same quote the vehicle page's sidebar and calculator read: Suzuki, unavailable and unpriced cars get none.
    const quote = carFinanceQuote(car, { requestQuotes: options.quoteRequests === true, now: new Date(options.nowMs) });
    const disclaimerHref = options.disclaimerHref ?? `#${FINANCE_DISCLAIMER_ID}`;
    if (quote.kind === "quote") finance = { ...quoteText(quote), disclaimerHref };
    else if (quote.kind === "request") finance = { request: quote.request, disclaimerHref };
  }
  const financeHref =
    financeOn && available && !financeExcludedMake(car.make)
      ? financeLink({
          basePath: options.financePath,
          preferredDealership: car.dealership_slug,
          vehiclePriceBudget: priced ? car.price : null,
          carId: car.id ?? car.objectID,
          carType: car.car_type,
          vin: car.vin,
        })
      : null;
  const tag = cardTag(
    {
      simple_fuel: car.simple_fuel,
      reserved: car.reserved,
      certified: car.certified,
      make: car.make,
      tag: car.tag,
      status: car.status,
      created_at_timestamp: car.created_at_timestamp ?? 0,
      car_type: car.car_type,
    },
    {
      wording,
      fuelTags: options.fuelTags === true,
      certifiedMakes: search.certifiedMakes,
      justArrivedDays: search.justArrivedDays,
      now: new Date(options.nowMs),
    },
  );
  const image = cardImage(car, title);
  const views =
    options.showViews !== false && typeof car.views === "number" && car.views > 0 ? `${formatNumber(car.views)} ${car.views === 1 ? "view" : "views"}` : null;
  return {
    title,
    href: carHref(car),
    available,
    chips,
    price,
    subscription,
    finance,
    financeHref,
    findSimilarHref: available ? null : `/contact?enquiry=find-similar&car_id=${encodeURIComponent(String(car.id ?? car.objectID ?? car.slug))}`,
    tag,
    image,
    location: car.location_name ?? car.city ?? null,
    views,
    // Favourites and compare: feature on, and the car available, priced and pictured.
    canFavourite: favouriteEligible(
      { available, price: car.price, hasImage: image !== null, car_type: car.car_type },
      { enabled: !!options.favourites, usedOnly: options.favouritesUsedOnly === true },
    ),
    canCompare: !!options.compare && available && image !== null,
  };
}
