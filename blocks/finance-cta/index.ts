import { defineBlock } from "@/runtime/render/types";
import type { FinanceCtaProps } from "@/runtime/generated/types";
import { FinanceCta } from "./FinanceCta";

export default defineBlock<FinanceCtaProps>({ component: FinanceCta });
