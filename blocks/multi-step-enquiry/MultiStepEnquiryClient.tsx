"use client";

import type { FormConfig } from "@/blocks/shared/forms/config";
import { MultiStepEnquiryForm } from "@/blocks/shared/forms/MultiStepEnquiryForm";
import type { LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";
import type { PostedLeadForm } from "@/blocks/shared/forms/plain-post";

export { ENQUIRY_STEPS } from "@/blocks/shared/forms/MultiStepEnquiryForm";

/** Two steps: contact details (creates the lead), then the enquiry itself (completes it). */
export function MultiStepEnquiryClient(props: { config: FormConfig; labelledBy?: string; posted?: PostedLeadForm | null } & LeadFormHooks) {
  return <MultiStepEnquiryForm {...props} />;
}
