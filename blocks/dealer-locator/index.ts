import { defineBlock } from "@/runtime/render/types";
import type { ResolvedDealerLocatorProps } from "@/runtime/generated/types";
import { DealerLocator } from "./DealerLocator";

export default defineBlock<ResolvedDealerLocatorProps>({ component: DealerLocator });
