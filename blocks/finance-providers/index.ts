import { defineBlock } from "@/runtime/render/types";
import type { FinanceProvidersProps } from "@/runtime/generated/types";
import { FinanceProviders } from "./FinanceProviders";

export default defineBlock<FinanceProvidersProps>({ component: FinanceProviders });
