import { defineBlock } from "@/runtime/render/types";
import type { ResolvedStatsBannerProps } from "@/runtime/generated/types";
import { StatsBanner } from "./StatsBanner";

export default defineBlock<ResolvedStatsBannerProps>({ component: StatsBanner });
