import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelFeaturesProps } from "@/runtime/generated/types";
import { ModelFeatures } from "./ModelFeatures";

export default defineBlock<ResolvedModelFeaturesProps>({ component: ModelFeatures });
