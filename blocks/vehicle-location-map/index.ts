import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleLocationMapProps } from "@/runtime/generated/types";
import { VehicleLocationMap } from "./VehicleLocationMap";

export default defineBlock<ResolvedVehicleLocationMapProps>({ component: VehicleLocationMap });
