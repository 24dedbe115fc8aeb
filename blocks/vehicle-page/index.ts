import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehiclePageProps } from "@/runtime/generated/types";
import { VehiclePage } from "./VehiclePage";
import { loadVehiclePage, vehiclePageContextOf, type VehiclePageData } from "./load";
import { vehiclePageMetadata } from "./metadata";

// A layout block: it loads the car once and hands it to the blocks in its slots (provideContext).
export default defineBlock<ResolvedVehiclePageProps, VehiclePageData | null>({
  component: VehiclePage,
  load: loadVehiclePage,
  provideContext: vehiclePageContextOf,
  metadata: vehiclePageMetadata,
});
