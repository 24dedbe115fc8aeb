import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBreadcrumbsProps } from "@/runtime/generated/types";
import { Breadcrumbs } from "./Breadcrumbs";

export default defineBlock<ResolvedBreadcrumbsProps>({ component: Breadcrumbs });
