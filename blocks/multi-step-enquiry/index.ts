import { defineBlock } from "@/runtime/render/types";
import type { MultiStepEnquiryProps } from "@/runtime/generated/types";
import { MultiStepEnquiry } from "./MultiStepEnquiry";

export default defineBlock<MultiStepEnquiryProps>({ component: MultiStepEnquiry });
