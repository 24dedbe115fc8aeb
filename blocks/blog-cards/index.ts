import { defineBlock } from "@/runtime/render/types";
import type { BlogCardsProps } from "@/runtime/generated/types";
import { BlogCards } from "./BlogCards";

export default defineBlock<BlogCardsProps>({ component: BlogCards });
