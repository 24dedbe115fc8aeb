import { defineBlock } from "@/runtime/render/types";
import type { TradeInFormProps } from "@/runtime/generated/types";
import { TradeInForm } from "./TradeInForm";

export default defineBlock<TradeInFormProps>({ component: TradeInForm });
