import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleDisclaimerProps } from "@/runtime/generated/types";
import { VehicleDisclaimer } from "./VehicleDisclaimer";

export default defineBlock<ResolvedVehicleDisclaimerProps>({ component: VehicleDisclaimer });
