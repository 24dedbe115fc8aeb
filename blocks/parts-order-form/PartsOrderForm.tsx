import type { ResolvedPartsOrderFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection } from "@/blocks/shared/forms/FormSection";
import { PartsOrderClient } from "./PartsOrderClient.lazy";
import styles from "./parts-order-form.module.css";

/** Server component: the three-step parts order; nothing when the site's toggle (forms.parts.enabled) is off. */
export function PartsOrderForm({ props, site }: BlockComponentProps<ResolvedPartsOrderFormProps>) {
  const config = formConfig(site.manifest, "parts");
  if (!config.parts.enabled) return null;
  const anchor = props.anchor ?? "parts-order-form";
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
      <PartsOrderClient config={config} labelledBy={headingId} />
    </FormSection>
  );
}
