import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSalesCounterProps } from "@/runtime/generated/types";
import { SalesCounter } from "./SalesCounter";

export default defineBlock<ResolvedSalesCounterProps>({ component: SalesCounter });
