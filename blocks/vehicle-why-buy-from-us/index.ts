import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleWhyBuyFromUsProps } from "@/runtime/generated/types";
import { VehicleWhyBuyFromUs } from "./VehicleWhyBuyFromUs";

export default defineBlock<ResolvedVehicleWhyBuyFromUsProps>({ component: VehicleWhyBuyFromUs });
