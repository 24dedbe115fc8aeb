import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleBlogsProps } from "@/runtime/generated/types";
import { VehicleBlogs } from "./VehicleBlogs";

export default defineBlock<ResolvedVehicleBlogsProps>({ component: VehicleBlogs });
