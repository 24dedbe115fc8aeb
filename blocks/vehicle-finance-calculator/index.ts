import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleFinanceCalculatorProps } from "@/runtime/generated/types";
import { VehicleFinanceCalculator } from "./VehicleFinanceCalculator";

export default defineBlock<ResolvedVehicleFinanceCalculatorProps>({ component: VehicleFinanceCalculator });
