import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleKeyInformationProps } from "@/runtime/generated/types";
import { VehicleKeyInformation } from "./VehicleKeyInformation";

export default defineBlock<ResolvedVehicleKeyInformationProps>({ component: VehicleKeyInformation });
