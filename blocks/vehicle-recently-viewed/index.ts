import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleRecentlyViewedProps } from "@/runtime/generated/types";
import { VehicleRecentlyViewed } from "./VehicleRecentlyViewed";

export default defineBlock<ResolvedVehicleRecentlyViewedProps>({ component: VehicleRecentlyViewed });
