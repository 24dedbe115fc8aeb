import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleFuelCalculatorProps } from "@/runtime/generated/types";
import { VehicleFuelCalculator } from "./VehicleFuelCalculator";

export default defineBlock<ResolvedVehicleFuelCalculatorProps>({ component: VehicleFuelCalculator });
