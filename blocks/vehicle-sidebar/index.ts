import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleSidebarProps } from "@/runtime/generated/types";
import { VehicleSidebar } from "./VehicleSidebar";

export default defineBlock<ResolvedVehicleSidebarProps>({ component: VehicleSidebar });
