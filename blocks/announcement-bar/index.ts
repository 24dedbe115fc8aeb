import { defineBlock } from "@/runtime/render/types";
import type { ResolvedAnnouncementBarProps } from "@/runtime/generated/types";
import { AnnouncementBar } from "./AnnouncementBar";

export default defineBlock<ResolvedAnnouncementBarProps>({ component: AnnouncementBar });
