import type { ResolvedMultiStepEnquiryProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection } from "@/blocks/shared/forms/FormSection";
import { MultiStepEnquiryClient } from "./MultiStepEnquiryClient.lazy";
import styles from "./multi-step-enquiry.module.css";

export function MultiStepEnquiry({ props, site }: BlockComponentProps<ResolvedMultiStepEnquiryProps>) {
  const config = formConfig(site.manifest);
  const anchor = props.anchor ?? "enquiry-form";
  const headingId = `${anchor}-heading`;
  return (
    <FormSection
      id={anchor}
      headingId={headingId}
      heading={props.heading}
      level={props.headingLevel}
      intro={props.intro}
      className={styles.section}
      headingClassName={styles.heading}
      introClassName={styles.intro}
    >
      <MultiStepEnquiryClient config={config} labelledBy={headingId} />
    </FormSection>
  );
}
