import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleViewerProps } from "@/runtime/generated/types";
import { VehicleViewer } from "./VehicleViewer";

export default defineBlock<ResolvedVehicleViewerProps>({ component: VehicleViewer });
