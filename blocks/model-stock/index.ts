import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelStockProps } from "@/runtime/generated/types";
import { ModelStock } from "./ModelStock";
import { loadModelStock, type ModelStockData } from "./load";
import { modelForPage } from "@/blocks/shared/models/catalogue";

export default defineBlock<ResolvedModelStockProps, ModelStockData>({
  component: ModelStock,
  load: loadModelStock,
  // The full list is titled with the model.
  metadata: (props, _data, site) => {
    const model = props.paginate ? modelForPage(site, props.model) : null;
    return model ? { title: `${model.full_name} in stock` } : null;
  },
});
