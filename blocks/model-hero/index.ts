import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelHeroProps } from "@/runtime/generated/types";
import { modelForPage } from "@/blocks/shared/models/catalogue";
import { safeHref } from "@/runtime/safe-href";
import { ModelHero } from "./ModelHero";

export default defineBlock<ResolvedModelHeroProps>({
  component: ModelHero,
  // The page is titled with the model and described by its short description.
  metadata: (props, _data, site) => {
    const model = modelForPage(site, props.model);
    if (!model) return null;
    const image = safeHref(model.image?.url);
    return { title: model.full_name, description: model.short_description || undefined, ...(image ? { image } : {}) };
  },
});
