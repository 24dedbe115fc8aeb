import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBrandOverviewProps } from "@/runtime/generated/types";
import { BrandOverview } from "./BrandOverview";
import { pageBrand } from "./domain";

export default defineBlock<ResolvedBrandOverviewProps>({
  component: BrandOverview,
  // The page is titled with the brand and described by its description.
  metadata: (_props, _data, site) => {
    const brand = pageBrand(site.manifest, site.params.brand);
    return brand ? { title: brand.title, ...(brand.description ? { description: brand.description } : {}) } : null;
  },
});
