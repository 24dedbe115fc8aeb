/**
 * Promotional cards in the results grid: a card such as 'We want your car' at configured
 * positions, a similar-car promo tile at positions 8 and 17, or one random position 'from 3
 * plus an offset'. Cards respect their dated windows (start inclusive, expiry exclusive,
 * Brisbane time). Positions are 1-based slots in each results page. Pure.
 */
import type { ResolvedSearchSettings, Tile } from "@/runtime/generated/types";
import { mulberry32, seedFrom } from "@/runtime/stock/prng";
import { isLive, type DatedItem } from "@/runtime/tiles";

export interface PromoCardContent {
  id: string;
  title: string;
  text?: string;
  image?: string;
  href?: string;
  cta?: string;
}

/** One entry of the site's `search.promoCards` (a random position's spread and offset filled by the schema). */
export type PromoCardConfig = ResolvedSearchSettings["promoCards"][number];

/** What a promo card reads of a manifest tile. */
export type TileLike = Pick<Tile, "id" | "title" | "text" | "image" | "href" | "cta" | "position"> & DatedItem;

export interface PlacedPromo {
  card: PromoCardContent;
  position: number;
}

/** Cards are placed with a seeded generator (mulberry32), so the server and the browser place them alike; seeds such as `${site}:${day}` are hashed by seedFrom. */
export { seedFrom };

/** The live promo cards and their slots, in slot order; cards whose tile is missing or out of window are dropped. */
export function placePromoCards(
  configs: readonly PromoCardConfig[],
  tiles: readonly TileLike[] | undefined,
  now: Date,
  seed: number,
  timeZone?: string,
): PlacedPromo[] {
  const rng = mulberry32(seed);
  const placed: PlacedPromo[] = [];
  configs.forEach((config, index) => {
    const tile = config.tile ? (tiles ?? []).find((t) => t.id === config.tile) : undefined;
    if (config.tile && !tile) return;
    if (tile && !isLive(tile, now, timeZone)) return;
    if (!isLive(config, now, timeZone)) return;
    const title = config.title ?? tile?.title;
    if (!title) return;
    const card: PromoCardContent = {
      id: tile?.id ?? `promo-${index + 1}`,
      title,
      text: config.text ?? tile?.text,
      image: config.image ?? tile?.image,
      href: config.href ?? tile?.href,
      cta: config.cta ?? tile?.cta,
    };
    let positions = config.positions ?? [];
    if (config.randomPosition) {
      const from = Math.max(1, Math.floor(config.randomPosition.from));
      const offset = Math.max(0, Math.floor(config.randomPosition.offset));
      positions = [offset + 1 + Math.floor(rng() * from)];
    } else if (positions.length === 0 && tile?.position) positions = [tile.position];
    for (const p of positions) if (Number.isInteger(p) && p >= 1) placed.push({ card, position: p });
  });
  const seen = new Set<number>();
  return placed.sort((a, b) => a.position - b.position).filter((p) => (seen.has(p.position) ? false : (seen.add(p.position), true)));
}

export type GridItem<T> = { kind: "car"; car: T } | { kind: "promo"; card: PromoCardContent };

/**
 * Cars with promo cards inserted so each card sits in its slot; a slot beyond the last car
 * plus one is not used (a card never stands alone after a short list), and no card is shown
 * when there are no cars.
 */
export function insertPromoCards<T>(cars: readonly T[], promos: readonly PlacedPromo[]): Array<GridItem<T>> {
  const items: Array<GridItem<T>> = cars.map((car) => ({ kind: "car", car }));
  if (cars.length === 0) return items;
  for (const { card, position } of [...promos].sort((a, b) => a.position - b.position)) {
    if (position > items.length + 1) break;
    if (position === items.length + 1 && position > cars.length) continue;
    items.splice(position - 1, 0, { kind: "promo", card });
  }
  return items;
}
