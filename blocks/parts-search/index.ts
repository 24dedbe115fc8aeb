import { defineBlock } from "@/runtime/render/types";
import type { ResolvedPartsSearchProps } from "@/runtime/generated/types";
import { PartsSearch } from "./PartsSearch";

export default defineBlock<ResolvedPartsSearchProps>({ component: PartsSearch });
