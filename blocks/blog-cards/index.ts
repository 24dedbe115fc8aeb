import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBlogCardsProps } from "@/runtime/generated/types";
import { BlogCards } from "@/blocks/shared/blog/BlogCards";

export default defineBlock<ResolvedBlogCardsProps>({ component: BlogCards });
