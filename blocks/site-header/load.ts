import type { ResolvedSiteHeaderProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { siteMakeCounts } from "@/runtime/inventory/make-counts";

/** Cars per make, only when a header brand menu has a brand that links straight to stock (so none links to no cars). */
export async function loadSiteHeader(_props: ResolvedSiteHeaderProps, site: SiteContext): Promise<Record<string, number> | null> {
  const m = site.manifest;
  const lists = (m.menus?.header ?? []).flatMap((item) => (item.brandMenu ? [item.brandMenu] : []));
  if (!lists.some((list) => (m.brands?.[list] ?? []).some((b) => b.skipPage))) return null;
  return siteMakeCounts(m);
}
