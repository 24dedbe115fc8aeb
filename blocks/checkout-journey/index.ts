import { defineBlock } from "@/runtime/render/types";
import type { ResolvedCheckoutJourneyProps } from "@/runtime/generated/types";
import { CheckoutJourney } from "./CheckoutJourney";
import { loadCheckoutJourney, type JourneyLoad } from "./load";

export default defineBlock<ResolvedCheckoutJourneyProps, JourneyLoad>({ component: CheckoutJourney, load: loadCheckoutJourney });
