import { defineBlock } from "@/runtime/render/types";
import type { ResolvedTilesGridProps } from "@/runtime/generated/types";
import { TilesGrid } from "./TilesGrid";

export default defineBlock<ResolvedTilesGridProps>({ component: TilesGrid });
