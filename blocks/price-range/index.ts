import { defineBlock } from "@/runtime/render/types";
import type { ResolvedPriceRangeProps } from "@/runtime/generated/types";
import { PriceRange } from "./PriceRange";

export default defineBlock<ResolvedPriceRangeProps>({ component: PriceRange });
