import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSiteFooterProps } from "@/runtime/generated/types";
import { SiteFooter } from "./SiteFooter";

export default defineBlock<ResolvedSiteFooterProps>({ component: SiteFooter });
