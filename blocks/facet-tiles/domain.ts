import type { Brand, DealerManifest } from "@/runtime/generated/types";
import { brandMakeSlug } from "@/runtime/brands";
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

/** A make's logo from the manifest's brand lists (the brand whose make it is), if any. */
export function makeLogo(manifest: Pick<DealerManifest, "brands">, make: string): string | undefined {
  const slug = slugify(make);
  const all: Brand[] = Object.values(manifest.brands ?? {}).flatMap((l) => l ?? []);
  return all.find((b) => brandMakeSlug(b) === slug && b.logoSrc)?.logoSrc;
}

/** '1 car' / '12 cars'. */
export function carsCount(n: number): string {
  return `${n} ${n === 1 ? "car" : "cars"}`;
}
