/**
 * Recently viewed cars, stored in the browser (id, stocknum, make, model, body,
 * simple_body; slug and year are kept too so the list can link to the car and name it).
 */
import { parseStoredList } from "../../stored-list/stored-list";

export const RECENTLY_VIEWED_KEY = "recentlyViewed";
export const MAX_RECENTLY_VIEWED = 10;

export interface ViewedCar {
  id: number;
  stocknum: string;
  make: string;
  model: string;
  body: string;
  simple_body: string;
  slug: string;
  year: number | null;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

export function parseViewed(raw: string | null | undefined): ViewedCar[] {
  return parseStoredList(
    raw,
    (o) => {
      const id = Number(o.id);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      return {
        id,
        stocknum: str(o.stocknum),
        make: str(o.make),
        model: str(o.model),
        body: str(o.body),
        simple_body: str(o.simple_body),
        slug: str(o.slug),
        year: typeof o.year === "number" ? o.year : null,
      };
    },
    MAX_RECENTLY_VIEWED,
  );
}

/** The list with `car` first (most recent first), without a duplicate, at most MAX_RECENTLY_VIEWED. */
export function recordView(list: readonly ViewedCar[], car: ViewedCar): ViewedCar[] {
  return [car, ...list.filter((c) => c.id !== car.id)].slice(0, MAX_RECENTLY_VIEWED);
}

export function viewedTitle(c: ViewedCar): string {
  return [c.year, c.make, c.model].filter(Boolean).join(" ") || `Stock ${c.stocknum}`;
}
