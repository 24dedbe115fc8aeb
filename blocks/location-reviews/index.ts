import { defineBlock } from "@/runtime/render/types";
import type { ResolvedLocationReviewsProps } from "@/runtime/generated/types";
import { LocationReviews } from "./LocationReviews";

export default defineBlock<ResolvedLocationReviewsProps>({ component: LocationReviews });
