import { defineBlock } from "@/runtime/render/types";
import type { HomeBannerProps } from "@/runtime/generated/types";
import { HomeBanner } from "./HomeBanner";

export default defineBlock<HomeBannerProps>({ component: HomeBanner });
