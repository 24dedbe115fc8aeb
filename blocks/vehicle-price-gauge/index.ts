import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehiclePriceGaugeProps } from "@/runtime/generated/types";
import { VehiclePriceGauge } from "./VehiclePriceGauge";

export default defineBlock<ResolvedVehiclePriceGaugeProps>({ component: VehiclePriceGauge });
