import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleSimilarCarsProps } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { VehicleSimilarCars } from "./VehicleSimilarCars";
import { loadVehicleSimilarCars } from "./load";

export default defineBlock<ResolvedVehicleSimilarCarsProps, Car[]>({ component: VehicleSimilarCars, load: loadVehicleSimilarCars });
