import type { ResolvedBrandGridProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { siteMakeCounts } from "@/runtime/inventory/make-counts";

/** Cars per make, so a tile that links to stock is shown only when that stock exists (never a '0 cars' tile). */
export async function loadBrandGrid(props: ResolvedBrandGridProps, site: SiteContext): Promise<Record<string, number> | null> {
  const brands = site.manifest.brands?.[props.list] ?? [];
  if (!brands.some((b) => b.skipPage)) return null;
  return siteMakeCounts(site.manifest);
}
