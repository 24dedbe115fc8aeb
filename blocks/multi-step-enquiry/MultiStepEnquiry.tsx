import type { MultiStepEnquiryProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection } from "@/blocks/shared/forms/FormSection";
import { MultiStepEnquiryClient } from "./MultiStepEnquiryClient.lazy";
import styles from "./multi-step-enquiry.module.css";

export const DEFAULT_MULTI_STEP_HEADING = "Make an enquiry";

export function MultiStepEnquiry({ props, site }: BlockComponentProps<MultiStepEnquiryProps>) {
  const config = formConfig(site.manifest);
  const anchor = props.anchor ?? "enquiry-form";
  const headingId = `${anchor}-heading`;
  return (
    <FormSection id={anchor} headingId={headingId} heading={props.heading?.trim() || DEFAULT_MULTI_STEP_HEADING} level={props.headingLevel ?? 2} intro={props.intro} className={styles.section} headingClassName={styles.heading} introClassName={styles.intro}>
      <MultiStepEnquiryClient config={config} labelledBy={headingId} />
    </FormSection>
  );
}
