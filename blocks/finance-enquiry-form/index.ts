import { defineBlock } from "@/runtime/render/types";
import type { FinanceEnquiryFormProps } from "@/runtime/generated/types";
import { FinanceEnquiryForm } from "./FinanceEnquiryForm";

export default defineBlock<FinanceEnquiryFormProps>({ component: FinanceEnquiryForm });
