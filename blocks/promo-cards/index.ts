import { defineBlock } from "@/runtime/render/types";
import type { ResolvedPromoCardsProps } from "@/runtime/generated/types";
import { PromoCards } from "./PromoCards";

export default defineBlock<ResolvedPromoCardsProps>({ component: PromoCards });
