import { defineBlock } from "@/runtime/render/types";
import type { SuccessMessageProps } from "@/runtime/generated/types";
import { SuccessMessage } from "./SuccessMessage";

export default defineBlock<SuccessMessageProps>({ component: SuccessMessage });
