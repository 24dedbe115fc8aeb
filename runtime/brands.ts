import type { Brand } from "./generated/types";
import { slugify } from "./slug";

/** The make a brand's stock is filed under: its `make`, else its slug is taken to be the make's slug. */
export function brandMakeSlug(brand: Pick<Brand, "slug" | "make">): string {
  return brand.make ? slugify(brand.make) : brand.slug;
}

/**
 * Where a brand logo links: its brand page `/{slug}/overview`, or, for brands without a page
 * of their own (`skipPage`), the stock search for that brand's make.
 */
export function brandHref(brand: Pick<Brand, "slug" | "skipPage" | "make">): string {
  return brand.skipPage ? `/search/${encodeURIComponent(brandMakeSlug(brand))}` : `/${encodeURIComponent(brand.slug)}/overview`;
}

/**
 * How many cars the site has of a brand's make, from make facet counts (facet values as stored, e.g. 'Harley-Davidson'),
 * matched by slug so 'harley-davidson' finds 'Harley-Davidson'.
 */
export function brandStockCount(brand: Pick<Brand, "slug" | "make">, makeCounts: Readonly<Record<string, number>>): number {
  const wanted = brandMakeSlug(brand);
  let total = 0;
  for (const [make, count] of Object.entries(makeCounts)) if (slugify(make) === wanted) total += count;
  return total;
}

/** Brand lists of a manifest, each brand with its JSON pointer (for validation messages). */
export function brandsWithPointers(brands: Partial<Record<string, Brand[]>> | undefined): { brand: Brand; pointer: string }[] {
  return Object.entries(brands ?? {}).flatMap(([list, items]) => (items ?? []).map((brand, i) => ({ brand, pointer: `/brands/${list}/${i}` })));
}

/**
 * Stock tiles (skipPage brands link straight to stock) whose make the site has no cars of: each is a validation
 * warning, and the grid leaves the tile out rather than showing '0 cars'.
 */
export function brandsWithoutStock(
  brands: Partial<Record<string, Brand[]>> | undefined,
  makeCounts: Readonly<Record<string, number>>,
): { brand: Brand; pointer: string }[] {
  return brandsWithPointers(brands).filter(({ brand }) => brand.skipPage && brandStockCount(brand, makeCounts) === 0);
}
