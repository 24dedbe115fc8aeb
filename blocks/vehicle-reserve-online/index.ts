import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleReserveOnlineProps } from "@/runtime/generated/types";
import { VehicleReserveOnline } from "./VehicleReserveOnline";

export default defineBlock<ResolvedVehicleReserveOnlineProps>({ component: VehicleReserveOnline });
