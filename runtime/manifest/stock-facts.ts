import { statSync } from "node:fs";
import path from "node:path";
import { slugify } from "../slug";
import { listStockFiles, readCarsFile } from "../stock/store";
import type { Car } from "../generated/types";
import type { StockFacts } from "./rules/types";

/** What the stock rules need to know of a site's stock: unsold cars at its dealership ids, as slugs. */
export function stockFacts(cars: readonly Car[], dealershipIds: readonly number[]): StockFacts {
  const ids = new Set(dealershipIds);
  const countByDealership = new Map<number, number>(dealershipIds.map((id) => [id, 0]));
  const out: StockFacts["cars"][number][] = [];
  for (const car of cars) {
    const id = Number(car.dealership_id);
    if (!ids.has(id) || car.sold || car.status === "sold") continue;
    countByDealership.set(id, (countByDealership.get(id) ?? 0) + 1);
    out.push({ carType: car.car_type, make: slugify(car.make), model: slugify(car.model), dealership: car.dealership_slug ?? "" });
  }
  return { countByDealership, cars: out };
}

interface Cached {
  stamp: string;
  cars: Car[];
}
let cache: Cached | null = null;

/**
 * Every car in the stock folder (.data/stock), read again only when a file changed. Null when there is
 * no stock at all (a fresh checkout before `npm run stock:generate`): then the stock rules stay silent
 * rather than warn about every dealer.
 */
export function allStockCars(dir: string): Car[] | null {
  const files = listStockFiles(dir).map((slug) => path.join(dir, `${slug}.json`));
  if (files.length === 0) return null;
  const stamp = files
    .map((f) => {
      try {
        const st = statSync(f);
        return `${f}:${st.mtimeMs}:${st.size}`;
      } catch {
        return f;
      }
    })
    .join("|");
  if (cache?.stamp !== stamp) {
    const cars = files.flatMap((f) => {
      try {
        return readCarsFile(f);
      } catch {
        return [];
      }
    });
    cache = { stamp, cars };
  }
  return cache.cars;
}

/** A `stock` option for loadManifest: the facts of the stock folder for the site's dealership ids. */
export function stockFactsProvider(dir: string): (dealershipIds: readonly number[]) => StockFacts | null {
  return (ids) => {
    const cars = allStockCars(dir);
    return cars ? stockFacts(cars, ids) : null;
  };
}
