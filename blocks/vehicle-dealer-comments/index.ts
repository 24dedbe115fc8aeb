import { defineBlock } from "@/runtime/render/types";
import type { ResolvedVehicleDealerCommentsProps } from "@/runtime/generated/types";
import { VehicleDealerComments } from "./VehicleDealerComments";

export default defineBlock<ResolvedVehicleDealerCommentsProps>({ component: VehicleDealerComments });
