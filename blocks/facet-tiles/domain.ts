import type { Brand, DealerManifest, Wording } from "@/runtime/generated/types";
import { vehicleCount, vehicleNoun } from "@/runtime/wording";
import { brandMakeSlug, makePicture } from "@/runtime/brands";
import { slugify } from "@/runtime/slug";

export interface FacetTile {
  value: string;
  count: number;
}

/** Values with stock only (never a '0 cars' tile), most cars first, then by name; at most `limit`. */
export function facetTiles(counts: Readonly<Record<string, number>>, limit: number): FacetTile[] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit);
}

/**
 * A make's logo: the one in the manifest's brand lists (the brand whose make it is), else the
 * platform's own picture of a known make; undefined when neither has one (the tile shows initials).
 */
export function makeLogo(manifest: Pick<DealerManifest, "brands">, make: string): string | undefined {
  const slug = slugify(make);
  const all: Brand[] = Object.values(manifest.brands ?? {}).flatMap((l) => l ?? []);
  return all.find((b) => brandMakeSlug(b) === slug && b.logoSrc)?.logoSrc ?? makePicture(make);
}

/** Cars per facet value, and the kinds of vehicle (item_type) behind each value. */
export interface TileCounts {
  counts: Record<string, number>;
  kinds: Record<string, string[]>;
}

/** A tile's count in the words of its vehicles' kind: '1 car', '29 motorcycles', '45 caravans', '12 vehicles' for a mix. */
export function tileCount(tile: FacetTile, kinds: TileCounts["kinds"], wording: Wording | undefined): string {
  return vehicleCount(tile.count, vehicleNoun(wording, kinds[tile.value] ?? []));
}
