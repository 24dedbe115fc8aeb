import { defineBlock } from "@/runtime/render/types";
import type { SiteFooterProps } from "@/runtime/generated/types";
import { SiteFooter } from "./SiteFooter";

export default defineBlock<SiteFooterProps>({ component: SiteFooter });
