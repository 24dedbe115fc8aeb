import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleWhatsIncludedProps } from "@/runtime/generated/types";
import { VehicleWhatsIncluded } from "./VehicleWhatsIncluded";

export default defineBlock<ResolvedVehicleWhatsIncludedProps>({ component: VehicleWhatsIncluded });
