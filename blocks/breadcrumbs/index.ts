import { defineBlock } from "@/runtime/render/types";
import type { BreadcrumbsProps } from "@/runtime/generated/types";
import { Breadcrumbs } from "./Breadcrumbs";

export default defineBlock<BreadcrumbsProps>({ component: Breadcrumbs });
