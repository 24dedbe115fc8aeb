import { defineBlock } from "@/runtime/render/types";
import type { ResolvedServiceBookingProps } from "@/runtime/generated/types";
import { ServiceBooking } from "./ServiceBooking";

export default defineBlock<ResolvedServiceBookingProps>({ component: ServiceBooking });
