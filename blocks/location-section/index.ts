import { defineBlock } from "@/runtime/render/types";
import type { ResolvedLocationSectionProps } from "@/runtime/generated/types";
import { LocationSection } from "./LocationSection";

export default defineBlock<ResolvedLocationSectionProps>({ component: LocationSection });
