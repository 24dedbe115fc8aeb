import { defineBlock } from "@/runtime/render/types";
import type { TilesGridProps } from "@/runtime/generated/types";
import { TilesGrid } from "./TilesGrid";

export default defineBlock<TilesGridProps>({ component: TilesGrid });
