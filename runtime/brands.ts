import type { Brand } from "./generated/types";

/**
 * Where a brand logo links: its brand page `/{slug}/overview`, or, for brands without a page
 * of their own (`skipPage`), the stock search for that brand.
 */
export function brandHref(brand: Pick<Brand, "slug" | "skipPage">): string {
  const slug = encodeURIComponent(brand.slug);
  return brand.skipPage ? `/search/${slug}` : `/${slug}/overview`;
}
