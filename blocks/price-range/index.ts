import { defineBlock } from "@/runtime/render/types";
import type { PriceRangeProps } from "@/runtime/generated/types";
import { PriceRange } from "./PriceRange";

export default defineBlock<PriceRangeProps>({ component: PriceRange });
