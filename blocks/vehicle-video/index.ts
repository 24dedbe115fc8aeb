import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleVideoProps } from "@/runtime/generated/types";
import { VehicleVideo } from "./VehicleVideo";

export default defineBlock<ResolvedVehicleVideoProps>({ component: VehicleVideo });
