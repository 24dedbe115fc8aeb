import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelVariantsProps } from "@/runtime/generated/types";
import { ModelVariants } from "./ModelVariants";

export default defineBlock<ResolvedModelVariantsProps>({ component: ModelVariants });
