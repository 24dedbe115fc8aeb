import { defineBlock } from "@/runtime/render/types";
import type { ResolvedLocationsCarouselProps } from "@/runtime/generated/types";
import { LocationsCarousel } from "./LocationsCarousel";

export default defineBlock<ResolvedLocationsCarouselProps>({ component: LocationsCarousel });
