import { defineBlock } from "@/runtime/render/types";
import type { PartsOrderFormProps } from "@/runtime/generated/types";
import { PartsOrderForm } from "./PartsOrderForm";

export default defineBlock<PartsOrderFormProps>({ component: PartsOrderForm });
