import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleFeaturesProps } from "@/runtime/generated/types";
import { VehicleFeatures } from "./VehicleFeatures";

export default defineBlock<ResolvedVehicleFeaturesProps>({ component: VehicleFeatures });
