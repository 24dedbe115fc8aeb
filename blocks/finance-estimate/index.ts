import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceEstimateProps } from "@/runtime/generated/types";
import { FinanceEstimate } from "./FinanceEstimate";

export default defineBlock<ResolvedFinanceEstimateProps>({ component: FinanceEstimate });
