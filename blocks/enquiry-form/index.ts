import { defineBlock } from "@/runtime/render/types";
import type { EnquiryFormProps } from "@/runtime/generated/types";
import { EnquiryForm } from "./EnquiryForm";

export default defineBlock<EnquiryFormProps>({ component: EnquiryForm });
