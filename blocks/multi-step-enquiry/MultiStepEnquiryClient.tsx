"use client";

import { applyRemaps } from "@/runtime/leads/validate";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { DealershipPicker, dealershipRequired, locationLeadFields } from "@/blocks/shared/forms/DealershipPicker";
import type { ContactValues } from "@/blocks/shared/forms/Fields";
import { ContactFields, EMPTY_CONTACT, Honeypot, PreferredContactMethodField, PrivacyNotice, SelectField, TextAreaField } from "@/blocks/shared/forms/Fields";
import { MultiStepLeadForm, type FormStep } from "@/blocks/shared/forms/MultiStepLeadForm";
import { compact, type LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";

interface Values extends ContactValues {
  category: string;
  location_id: string;
  PreferredContactMethod: string;
  message: string;
  company_url: string;
}

export const ENQUIRY_STEPS = ["Your Details", "Your Enquiry"] as const;

/** Two steps: contact details (creates the lead), then the enquiry itself (completes it). */
export function MultiStepEnquiryClient({ config, labelledBy, ...hooks }: { config: FormConfig; labelledBy?: string } & LeadFormHooks) {
  const options = config.locations;
  const showCategory = config.categories.length > 0;
  const steps: FormStep[] = [
    {
      title: ENQUIRY_STEPS[0],
      fields: ["name", "last_name", "email", "phone", "postcode"],
      render: () => (
        <>
          <ContactFields />
          <Honeypot />
        </>
      ),
    },
    {
      title: ENQUIRY_STEPS[1],
      fields: ["category", "location_id", "PreferredContactMethod", "message"],
      render: () => (
        <>
          {showCategory ? <SelectField name="category" label="Enquiry type" required options={config.categories.map((c) => ({ value: c, label: c }))} /> : null}
          <DealershipPicker options={config.locations} />
          {config.preferredContactMethod.show ? <PreferredContactMethodField /> : null}
          <TextAreaField name="message" label="Comments" required={config.commentsRequired} />
          <PrivacyNotice text={config.privacy.text} href={config.privacy.href} />
        </>
      ),
    },
  ];
  return (
    <MultiStepLeadForm<Values>
      form="multi-step-enquiry"
      steps={steps}
      labelledBy={labelledBy}
      submitText={config.submitText}
      successPath={config.successPath}
      commentsRequired={config.commentsRequired}
      defaultValues={{
        ...EMPTY_CONTACT,
        category: "",
        location_id: "",
        PreferredContactMethod: config.preferredContactMethod.default,
        message: "",
        company_url: "",
      }}
      toLead={(v) =>
        applyRemaps(
          compact({
            form: "multi-step-enquiry",
            category: showCategory ? v.category : config.defaultCategory,
            name: v.name,
            last_name: v.last_name,
            email: v.email,
            phone: v.phone,
            postcode: v.postcode,
            ...(config.preferredContactMethod.show ? { PreferredContactMethod: v.PreferredContactMethod } : {}),
            message: v.message,
            ...locationLeadFields(v.location_id, options),
            source: "website",
          }) as never,
        ) as unknown as Record<string, unknown>
      }
      extra={(v) => dealershipRequired(v.location_id, options)}
      {...hooks}
    />
  );
}
