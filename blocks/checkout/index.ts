import { defineBlock } from "@/runtime/render/types";
import type { ResolvedCheckoutProps } from "@/runtime/generated/types";
import { Checkout } from "./Checkout";
import { loadCheckout, type CheckoutData } from "./load";

export default defineBlock<ResolvedCheckoutProps, CheckoutData | null>({ component: Checkout, load: loadCheckout });
