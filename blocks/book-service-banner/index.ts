import { defineBlock } from "@/runtime/render/types";
import type { BookServiceBannerProps } from "@/runtime/generated/types";
import { BookServiceBanner } from "./BookServiceBanner";

export default defineBlock<BookServiceBannerProps>({ component: BookServiceBanner });
