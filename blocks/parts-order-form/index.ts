import { defineBlock } from "@/runtime/render/types";
import type { ResolvedPartsOrderFormProps } from "@/runtime/generated/types";
import { PartsOrderForm } from "./PartsOrderForm";

export default defineBlock<ResolvedPartsOrderFormProps>({ component: PartsOrderForm });
