import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceEnquiryFormProps } from "@/runtime/generated/types";
import { FinanceEnquiryForm } from "./FinanceEnquiryForm";

export default defineBlock<ResolvedFinanceEnquiryFormProps>({ component: FinanceEnquiryForm });
