import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceCtaProps } from "@/runtime/generated/types";
import { FinanceCta } from "./FinanceCta";

export default defineBlock<ResolvedFinanceCtaProps>({ component: FinanceCta });
