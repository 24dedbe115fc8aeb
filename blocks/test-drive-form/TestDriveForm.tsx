import type { ResolvedTestDriveFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection, formSectionProps } from "@/blocks/shared/forms/FormSection";
import { LeadForm } from "@/blocks/shared/forms/LeadForm.lazy";
import { withPostedLeadForm } from "@/blocks/shared/forms/posted-lead-form";
import { carOfQuery } from "@/blocks/shared/forms/car";

/** Server component: the test drive form (category Test Drive, event 17; times from the location's opening hours, the site's terms). */
export function TestDriveForm({ props, site }: BlockComponentProps<ResolvedTestDriveFormProps>) {
  const config = formConfig(site.manifest);
  const section = formSectionProps(props, props.anchor ?? "test-drive-form");
  return (
    <FormSection {...section}>
      {withPostedLeadForm(site, (posted) => (
        <LeadForm
          posted={posted}
          car={carOfQuery(site.searchParams)}
          config={config}
          form="test-drive"
          category="Test Drive"
          labelledBy={section.headingId}
          messageLabel="Message"
          terms={config.testDrive.termsText}
          extraFields={{ source: "website" }}
        />
      ))}
    </FormSection>
  );
}
