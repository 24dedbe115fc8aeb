import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceCalculatorProps } from "@/runtime/generated/types";
import { FinanceCalculator } from "./FinanceCalculator";

export default defineBlock<ResolvedFinanceCalculatorProps>({ component: FinanceCalculator });
