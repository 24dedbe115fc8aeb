import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceCalculatorProps } from "@/runtime/generated/types";
import { FinanceCalculator } from "@/blocks/shared/finance/calculator/FinanceCalculator";

export default defineBlock<ResolvedFinanceCalculatorProps>({ component: FinanceCalculator });
