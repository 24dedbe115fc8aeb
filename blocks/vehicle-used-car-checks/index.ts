import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleUsedCarChecksProps } from "@/runtime/generated/types";
import { VehicleUsedCarChecks } from "./VehicleUsedCarChecks";

export default defineBlock<ResolvedVehicleUsedCarChecksProps>({ component: VehicleUsedCarChecks });
