import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleSidebarProps } from "@/runtime/generated/types";
import { VehicleSidebar } from "./VehicleSidebar";
import { loadVehicleSidebar, type SidebarData } from "./load";

export default defineBlock<ResolvedVehicleSidebarProps, SidebarData>({ component: VehicleSidebar, load: loadVehicleSidebar });
