import { defineBlock } from "@/runtime/render/types";
import type { ResolvedOnlinePaymentProps } from "@/runtime/generated/types";
import { OnlinePayment } from "./OnlinePayment";
import { loadOnlinePayment, type OnlinePaymentData } from "./load";

export default defineBlock<ResolvedOnlinePaymentProps, OnlinePaymentData>({ component: OnlinePayment, load: loadOnlinePayment });
