import { defineBlock } from "@/runtime/render/types";
import type { VehiclePageProps } from "@/runtime/generated/types";
import { VehiclePage } from "./VehiclePage";
import { loadVehiclePage, type VehiclePageData } from "./load";
import { vehiclePageMetadata } from "./metadata";

export default defineBlock<VehiclePageProps, VehiclePageData | null>({ component: VehiclePage, load: loadVehiclePage, metadata: vehiclePageMetadata });
