import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBlogPromoListProps } from "@/runtime/generated/types";
import { BlogPromoList } from "./BlogPromoList";

export default defineBlock<ResolvedBlogPromoListProps>({ component: BlogPromoList });
