import { defineBlock } from "@/runtime/render/types";
import type { AnnouncementBarProps } from "@/runtime/generated/types";
import { AnnouncementBar } from "./AnnouncementBar";

export default defineBlock<AnnouncementBarProps>({ component: AnnouncementBar });
