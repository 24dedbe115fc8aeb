import { defineBlock } from "@/runtime/render/types";
import type { ResolvedTradeInFormProps } from "@/runtime/generated/types";
import { TradeInForm } from "./TradeInForm";
import { loadTradeInForm, type TradeInFormData } from "./load";

export default defineBlock<ResolvedTradeInFormProps, TradeInFormData>({ component: TradeInForm, load: loadTradeInForm });
