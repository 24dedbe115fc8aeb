import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSuccessMessageProps } from "@/runtime/generated/types";
import { SuccessMessage } from "./SuccessMessage";

export default defineBlock<ResolvedSuccessMessageProps>({ component: SuccessMessage });
