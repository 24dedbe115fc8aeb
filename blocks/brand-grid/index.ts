import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBrandGridProps } from "@/runtime/generated/types";
import { BrandGrid } from "./BrandGrid";

export default defineBlock<ResolvedBrandGridProps>({ component: BrandGrid });
