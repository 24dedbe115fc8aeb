import { defineBlock } from "@/runtime/render/types";
import type { ResolvedTradeInFormProps } from "@/runtime/generated/types";
import { TradeInForm } from "./TradeInForm";

export default defineBlock<ResolvedTradeInFormProps>({ component: TradeInForm });
