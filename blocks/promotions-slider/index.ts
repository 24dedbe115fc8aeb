import { defineBlock } from "@/runtime/render/types";
import type { ResolvedPromotionsSliderProps } from "@/runtime/generated/types";
import { PromotionsSlider } from "./PromotionsSlider";

export default defineBlock<ResolvedPromotionsSliderProps>({ component: PromotionsSlider });
