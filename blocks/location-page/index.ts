import { defineBlock } from "@/runtime/render/types";
import type { ResolvedLocationPageProps } from "@/runtime/generated/types";
import { LocationPage } from "./LocationPage";
import { locationPageMetadata } from "./metadata";

export default defineBlock<ResolvedLocationPageProps>({ component: LocationPage, metadata: locationPageMetadata });
