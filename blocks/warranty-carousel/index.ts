import { defineBlock } from "@/runtime/render/types";
import type { ResolvedWarrantyCarouselProps } from "@/runtime/generated/types";
import { WarrantyCarousel } from "./WarrantyCarousel";

export default defineBlock<ResolvedWarrantyCarouselProps>({ component: WarrantyCarousel });
