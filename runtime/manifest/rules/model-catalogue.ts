import type { ManifestRule, RuleProblem } from "./types";

/**
 * The model catalogue holds together: each model's slug and id once (its page is /models/{slug}), variant ids
 * once within the catalogue, and a colour that names a variant (model_variant_name) names one of its model's.
 */
export const modelCatalogue: ManifestRule = {
  id: "model-catalogue",
  description: "Model slugs, model ids and variant ids are unique; a colour's variant is one of its model's.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    const slugs = new Set<string>();
    const ids = new Set<number>();
    const variantIds = new Set<number>();
    (manifest.models ?? []).forEach((model, i) => {
      const at = `/models/${i}`;
      if (slugs.has(model.slug)) problems.push({ pointer: `${at}/slug`, message: `model slug '${model.slug}' is used twice` });
      slugs.add(model.slug);
      if (ids.has(model.id)) problems.push({ pointer: `${at}/id`, message: `model id ${model.id} is used twice` });
      ids.add(model.id);
      const names = model.variants.map((v) => v.name);
      model.variants.forEach((v, j) => {
        if (variantIds.has(v.id)) problems.push({ pointer: `${at}/variants/${j}/id`, message: `variant id ${v.id} is used twice` });
        variantIds.add(v.id);
      });
      (model.colours ?? []).forEach((c, j) => {
        if (c.model_variant_name !== undefined && !names.includes(c.model_variant_name))
          problems.push({
            pointer: `${at}/colours/${j}/model_variant_name`,
            message: `colour '${c.name}' names variant '${c.model_variant_name}', which ${model.name} does not have`,
            hint: `variants: ${names.join(", ")}`,
          });
      });
    });
    return problems;
  },
};
