import { defineBlock } from "@/runtime/render/types";
import type { ResolvedMultiStepEnquiryProps } from "@/runtime/generated/types";
import { MultiStepEnquiry } from "./MultiStepEnquiry";

export default defineBlock<ResolvedMultiStepEnquiryProps>({ component: MultiStepEnquiry });
