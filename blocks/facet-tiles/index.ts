import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFacetTilesProps } from "@/runtime/generated/types";
import { FacetTiles } from "./FacetTiles";
import { loadFacetTiles } from "./load";
import type { TileCounts } from "./domain";

export default defineBlock<ResolvedFacetTilesProps, TileCounts>({ component: FacetTiles, load: loadFacetTiles });
