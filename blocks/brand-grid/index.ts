import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBrandGridProps } from "@/runtime/generated/types";
import { BrandGrid } from "./BrandGrid";
import { loadBrandGrid } from "./load";

export default defineBlock<ResolvedBrandGridProps, Record<string, number> | null>({ component: BrandGrid, load: loadBrandGrid });
