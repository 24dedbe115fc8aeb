import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelColourViewerProps } from "@/runtime/generated/types";
import { ModelColourViewer } from "./ModelColourViewer";

export default defineBlock<ResolvedModelColourViewerProps>({ component: ModelColourViewer });
