import type { ResolvedFinanceEnquiryFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { FINANCE_FORM_ANCHOR } from "@/runtime/finance/finance-link";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection, formSectionProps } from "@/blocks/shared/forms/FormSection";
import { LeadForm } from "@/blocks/shared/forms/LeadForm.lazy";
import { withPostedLeadForm } from "@/blocks/shared/forms/posted-lead-form";
import { financePrefill } from "./prefill";

/** The signed-in shopper's details for the personalised finance page. */
export interface AccountPrefill {
  email: string;
  phone: string;
}

/** Server component: the finance enquiry at #finance-form, prefilled from the finance link's query parameters (and the account, when asked). */
export function FinanceEnquiryForm({ props, site, data }: BlockComponentProps<ResolvedFinanceEnquiryFormProps, AccountPrefill | null>) {
  const config = formConfig(site.manifest);
  const prefill = financePrefill(site.searchParams ?? {}, config.locations);
  const section = formSectionProps(props, FINANCE_FORM_ANCHOR);
  return (
    <FormSection {...section}>
      {withPostedLeadForm(site, (posted) => (
        <LeadForm
          posted={posted}
          config={config}
          form="finance"
          category="Finance"
          labelledBy={section.headingId}
          car={prefill.car}
          initial={{
            ...(prefill.location_id ? { location_id: prefill.location_id } : {}),
            ...(prefill.message ? { message: prefill.message } : {}),
            ...(data?.email ? { email: data.email } : {}),
            ...(data?.phone ? { phone: data.phone } : {}),
          }}
          extraFields={{ source: "website", ...(prefill.budget ? { additional_services: ["finance"] } : {}) }}
        />
      ))}
    </FormSection>
  );
}
