import type { ResolvedMultiStepEnquiryProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection, formSectionProps } from "@/blocks/shared/forms/FormSection";
import { withPostedLeadForm } from "@/blocks/shared/forms/posted-lead-form";
import { MultiStepEnquiryClient } from "./MultiStepEnquiryClient.lazy";

export function MultiStepEnquiry({ props, site }: BlockComponentProps<ResolvedMultiStepEnquiryProps>) {
  const config = formConfig(site.manifest);
  const section = formSectionProps(props, props.anchor ?? "enquiry-form");
  return (
    <FormSection {...section}>
      {withPostedLeadForm(site, (posted) => (
        <MultiStepEnquiryClient config={config} labelledBy={section.headingId} posted={posted} />
      ))}
    </FormSection>
  );
}
