import { defineBlock } from "@/runtime/render/types";
import type { FinanceEstimateProps } from "@/runtime/generated/types";
import { FinanceEstimate } from "./FinanceEstimate";

export default defineBlock<FinanceEstimateProps>({ component: FinanceEstimate });
