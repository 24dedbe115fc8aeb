import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFacetTilesProps } from "@/runtime/generated/types";
import { FacetTiles } from "./FacetTiles";
import { loadFacetTiles } from "./load";

export default defineBlock<ResolvedFacetTilesProps, Record<string, number>>({ component: FacetTiles, load: loadFacetTiles });
