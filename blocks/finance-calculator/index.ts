import { defineBlock } from "@/runtime/render/types";
import type { FinanceCalculatorProps } from "@/runtime/generated/types";
import { FinanceCalculator } from "./FinanceCalculator";

export default defineBlock<FinanceCalculatorProps>({ component: FinanceCalculator });
