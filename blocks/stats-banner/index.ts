import { defineBlock } from "@/runtime/render/types";
import type { StatsBannerProps } from "@/runtime/generated/types";
import { StatsBanner } from "./StatsBanner";

export default defineBlock<StatsBannerProps>({ component: StatsBanner });
