import { defineBlock } from "@/runtime/render/types";
import type { ResolvedRichTextProps } from "@/runtime/generated/types";
import { RichText } from "./RichText";

export default defineBlock<ResolvedRichTextProps>({ component: RichText });
