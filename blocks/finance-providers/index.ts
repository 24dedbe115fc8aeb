import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceProvidersProps } from "@/runtime/generated/types";
import { FinanceProviders } from "./FinanceProviders";

export default defineBlock<ResolvedFinanceProvidersProps>({ component: FinanceProviders });
