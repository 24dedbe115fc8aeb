import { defineBlock } from "@/runtime/render/types";
import type { RichTextProps } from "@/runtime/generated/types";
import { RichText } from "./RichText";

export default defineBlock<RichTextProps>({ component: RichText });
