import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleDeliveryCalculatorProps } from "@/runtime/generated/types";
import { VehicleDeliveryCalculator } from "./VehicleDeliveryCalculator";

export default defineBlock<ResolvedVehicleDeliveryCalculatorProps>({ component: VehicleDeliveryCalculator });
