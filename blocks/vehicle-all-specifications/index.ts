import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleAllSpecificationsProps } from "@/runtime/generated/types";
import { VehicleAllSpecifications } from "./VehicleAllSpecifications";

export default defineBlock<ResolvedVehicleAllSpecificationsProps>({ component: VehicleAllSpecifications });
