import type { ResolvedPartsOrderFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection, formSectionProps } from "@/blocks/shared/forms/FormSection";
import { withPostedLeadForm } from "@/blocks/shared/forms/posted-lead-form";
import { PartsOrderClient } from "./PartsOrderClient.lazy";

/** Server component: the three-step parts order; nothing when the site's toggle (forms.parts.enabled) is off. */
export function PartsOrderForm({ props, site }: BlockComponentProps<ResolvedPartsOrderFormProps>) {
  const config = formConfig(site.manifest, "parts");
  if (!config.parts.enabled) return null;
  const section = formSectionProps(props, props.anchor ?? "parts-order-form");
  // A link from the parts search fills in the Part# and the vehicle (?part=&make=&model=&year=); plain text, length-limited.
  const param = (name: string) => {
    const v = site.searchParams[name];
    return (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim().slice(0, 100);
  };
  const prefill = { part: param("part"), make: param("make"), model: param("model"), year: /^\d{4}$/.test(param("year")) ? param("year") : "" };
  return (
    <FormSection {...section}>
      {withPostedLeadForm(site, (posted) => (
        <PartsOrderClient config={config} labelledBy={section.headingId} prefill={prefill} posted={posted} />
      ))}
    </FormSection>
  );
}
