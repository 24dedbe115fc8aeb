import { defineBlock } from "@/runtime/render/types";
import type { PromotionsSliderProps } from "@/runtime/generated/types";
import { PromotionsSlider } from "./PromotionsSlider";

export default defineBlock<PromotionsSliderProps>({ component: PromotionsSlider });
