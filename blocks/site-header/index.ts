import { defineBlock } from "@/runtime/render/types";
import type { SiteHeaderProps } from "@/runtime/generated/types";
import { SiteHeader } from "./SiteHeader";

export default defineBlock<SiteHeaderProps>({ component: SiteHeader });
