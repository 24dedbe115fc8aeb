import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSiteHeaderProps } from "@/runtime/generated/types";
import { SiteHeader } from "./SiteHeader";

export default defineBlock<ResolvedSiteHeaderProps>({ component: SiteHeader });
