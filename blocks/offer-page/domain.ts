import type { Tile } from "@/runtime/generated/types";
import { isLive, showsIn } from "@/runtime/tiles";

/** The offer a /offers/[id] page shows: the tile with that id, live now and listed among offers; null otherwise. */
export function pageOffer(tiles: Tile[] | undefined, id: string | string[] | undefined, now: Date, timeZone?: string): Tile | null {
  const wanted = Array.isArray(id) ? id[0] : id;
  if (!wanted) return null;
  const tile = (tiles ?? []).find((t) => t.id === wanted);
  return tile && isLive(tile, now, timeZone) && showsIn(tile, "offers") ? tile : null;
}
