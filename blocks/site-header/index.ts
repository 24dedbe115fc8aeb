import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSiteHeaderProps } from "@/runtime/generated/types";
import { SiteHeader } from "./SiteHeader";
import { loadSiteHeader } from "./load";

export default defineBlock<ResolvedSiteHeaderProps, Record<string, number> | null>({ component: SiteHeader, load: loadSiteHeader });
