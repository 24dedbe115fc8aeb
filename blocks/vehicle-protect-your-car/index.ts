import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleProtectYourCarProps } from "@/runtime/generated/types";
import { VehicleProtectYourCar } from "./VehicleProtectYourCar";

export default defineBlock<ResolvedVehicleProtectYourCarProps>({ component: VehicleProtectYourCar });
