import { defineBlock } from "@/runtime/render/types";
import type { ResolvedHomeBannerProps } from "@/runtime/generated/types";
import { HomeBanner } from "./HomeBanner";

export default defineBlock<ResolvedHomeBannerProps>({ component: HomeBanner });
