import type { Brand } from "@/runtime/generated/types";

export type BrandList = "car" | "motorcycle" | "truck";

export const LIST_NAMES: Record<BrandList, string> = {
  car: "Car brands",
  motorcycle: "Motorcycle brands",
  truck: "Truck brands",
};

/** A brand's page, or null when the brand has no page of its own (skipPage). */
export function brandPageHref(brand: Pick<Brand, "slug" | "skipPage">): string | null {
  if (brand.skipPage) return null;
  return `/${encodeURIComponent(brand.slug)}/overview`;
}
