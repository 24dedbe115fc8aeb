import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleCarSummaryProps } from "@/runtime/generated/types";
import { VehicleCarSummary } from "./VehicleCarSummary";

export default defineBlock<ResolvedVehicleCarSummaryProps>({ component: VehicleCarSummary });
