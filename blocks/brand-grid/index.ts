import { defineBlock } from "@/runtime/render/types";
import type { BrandGridProps } from "@/runtime/generated/types";
import { BrandGrid } from "./BrandGrid";

export default defineBlock<BrandGridProps>({ component: BrandGrid });
