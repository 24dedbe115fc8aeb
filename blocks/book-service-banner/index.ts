import { defineBlock } from "@/runtime/render/types";
import type { ResolvedBookServiceBannerProps } from "@/runtime/generated/types";
import { BookServiceBanner } from "./BookServiceBanner";

export default defineBlock<ResolvedBookServiceBannerProps>({ component: BookServiceBanner });
