import { defineBlock } from "@/runtime/render/types";
import type { ResolvedEnquiryFormProps } from "@/runtime/generated/types";
import { EnquiryForm } from "./EnquiryForm";

export default defineBlock<ResolvedEnquiryFormProps>({ component: EnquiryForm });
