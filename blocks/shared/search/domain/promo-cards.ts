/**
 * Promotional cards in the results grid (spec §2 and document 2 §9): a card such as 'We want
 * your car' at configured positions, a similar-car promo tile at positions 8 and 17, or one
 * random position 'from 3 plus an offset'. Cards respect their dated windows (start inclusive,
 * expiry exclusive, Brisbane time). Positions are 1-based slots in each results page. Pure.
 */
import { mulberry32 } from "@/runtime/stock/prng";
import { isLive, type DatedItem } from "@/runtime/tiles";

export interface PromoCardContent {
  id: string;
  title: string;
  text?: string;
  image?: string;
  href?: string;
  cta?: string;
}

/** One entry of the manifest's `search.promoCards`. */
export interface PromoCardConfig extends DatedItem {
  /** A manifest tile to show (its own start/expiry apply too). */
  tile?: string;
  /** Inline content, used when there is no tile (or to override its wording). */
  title?: string;
  text?: string;
  image?: string;
  href?: string;
  cta?: string;
  /** 1-based slots, e.g. [8, 17]. */
  positions?: number[];
  /** One random slot: offset + 1 + a whole number below `from` (from 3: offset+1, +2 or +3). */
  randomPosition?: { from?: number; offset?: number };
}

export interface TileLike extends DatedItem {
  id: string;
  title: string;
  text?: string;
  image?: string;
  href?: string;
  cta?: string;
}

export interface PlacedPromo {
  card: PromoCardContent;
  position: number;
}

/** The seeded generator cards are placed with (mulberry32), so the server and the browser place cards alike. */

/** FNV-1a hash of a string, for seeds such as `${site}:${day}`. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const RANDOM_POSITION_FROM = 3;

/** The live promo cards and their slots, in slot order; cards whose tile is missing or out of window are dropped. */
export function placePromoCards(configs: readonly PromoCardConfig[] | undefined, tiles: readonly TileLike[] | undefined, now: Date, seed: number): PlacedPromo[] {
  const rng = mulberry32(seed);
  const placed: PlacedPromo[] = [];
  (configs ?? []).forEach((config, index) => {
    const tile = config.tile ? (tiles ?? []).find((t) => t.id === config.tile) : undefined;
    if (config.tile && !tile) return;
    if (tile && !isLive(tile, now)) return;
    if (!isLive(config, now)) return;
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
      const from = Math.max(1, Math.floor(config.randomPosition.from ?? RANDOM_POSITION_FROM));
      const offset = Math.max(0, Math.floor(config.randomPosition.offset ?? 0));
      positions = [offset + 1 + Math.floor(rng() * from)];
    } else if (positions.length === 0 && tile?.position) positions = [tile.position];
    for (const p of positions) if (Number.isInteger(p) && p >= 1) placed.push({ card, position: p });
  });
  const seen = new Set<number>();
  return placed
    .sort((a, b) => a.position - b.position)
    .filter((p) => (seen.has(p.position) ? false : (seen.add(p.position), true)));
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
