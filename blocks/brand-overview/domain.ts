import type { Brand, DealerManifest } from "@/runtime/generated/types";
import { brandMakeSlug } from "@/runtime/brands";

/** The brand a /[brand]/overview page is about: one with a page of its own (not skipPage); null otherwise. */
export function pageBrand(manifest: Pick<DealerManifest, "brands">, slug: string | string[] | undefined): Brand | null {
  const wanted = Array.isArray(slug) ? slug[0] : slug;
  if (!wanted) return null;
  for (const list of Object.values(manifest.brands ?? {})) for (const b of list ?? []) if (b.slug === wanted && !b.skipPage) return b;
  return null;
}

/** Where the brand page's stock link goes: its make's search when it names one, else all stock. */
export function brandStockHref(brand: Pick<Brand, "slug" | "make">): string {
  return brand.make ? `/search/${encodeURIComponent(brandMakeSlug(brand))}` : "/search/new-used-and-demo-cars";
}
