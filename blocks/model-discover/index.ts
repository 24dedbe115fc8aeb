import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelDiscoverProps } from "@/runtime/generated/types";
import { ModelDiscover } from "./ModelDiscover";

export default defineBlock<ResolvedModelDiscoverProps>({ component: ModelDiscover });
