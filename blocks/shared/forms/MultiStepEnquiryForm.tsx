"use client";

import { applyRemaps } from "@/runtime/leads/validate";
import type { FormConfig } from "./config";
import { DealershipPicker, dealershipRequired, locationLeadFields } from "./DealershipPicker";
import type { LeadFormValues } from "./LeadForm";
import {
  CheckboxField,
  ContactFields,
  EMPTY_CONTACT,
  Honeypot,
  PreferredContactMethodField,
  PrivacyNotice,
  SelectField,
  TextAreaField,
  TextField,
  YesNoField,
} from "./Fields";
import { MultiStepLeadForm, type FormStep } from "./MultiStepLeadForm";
import { compact, type LeadFormHooks } from "./useLeadForm";
import type { PostedLeadForm } from "./plain-post";

/** The lead form's values without a test drive's date and time. */
type Values = Omit<LeadFormValues, "date" | "time">;

export const ENQUIRY_STEPS = ["Your Details", "Your Enquiry"] as const;

/** What the enquiry asks beyond the contact details (the multi-step enquiry block asks the category, dealership, contact method and comments). */
export interface EnquiryStepsShow {
  category?: boolean;
  location?: boolean;
  rego?: boolean;
  optIn?: boolean;
  /** The site's Yes/No extras and hidden field (forms.enquiryExtras). */
  extras?: boolean;
}

const ASKED_BY_DEFAULT: Required<EnquiryStepsShow> = { category: true, location: true, rego: false, optIn: false, extras: false };

/** The second step's fields, as the site's settings and `show` ask for them. */
function EnquiryStep({ config, show }: { config: FormConfig; show: Required<EnquiryStepsShow> }) {
  const categories = show.category ? config.categories : [];
  return (
    <>
      {categories.length ? <SelectField name="category" label="Enquiry type" required options={categories.map((c) => ({ value: c, label: c }))} /> : null}
      {show.location ? <DealershipPicker options={config.locations} /> : null}
      {config.preferredContactMethod.show ? <PreferredContactMethodField /> : null}
      {show.rego ? <TextField name="Rego" label="Rego" maxLength={20} autoComplete="off" /> : null}
      {show.extras && config.enquiryExtras.finance ? <YesNoField name="finance" legend="Is your car currently under finance?" /> : null}
      {show.extras && config.enquiryExtras.tradeIn ? <YesNoField name="do-you-have-a-trade-in" legend="Do you have a trade-in?" /> : null}
      <TextAreaField name="message" label="Comments" required={config.commentsRequired} />
      {show.optIn ? <CheckboxField name="opt_in" label="Keep me up to date with news and offers" /> : null}
      <PrivacyNotice text={config.privacy.text} href={config.privacy.href} />
    </>
  );
}

/** The lead of the steps so far: the contact details, and what the enquiry step shows. */
function enquiryLead(v: Values, config: FormConfig, show: Required<EnquiryStepsShow>, extraFields: Record<string, unknown>): Record<string, unknown> {
  const showCategory = show.category && config.categories.length > 0;
  return applyRemaps(
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
      ...(show.rego ? { Rego: v.Rego } : {}),
      ...(show.optIn && v.opt_in ? { opt_in: true } : {}),
      ...(show.extras && config.enquiryExtras.finance ? { finance: v.finance } : {}),
      ...(show.extras && config.enquiryExtras.tradeIn ? { "do-you-have-a-trade-in": v["do-you-have-a-trade-in"] } : {}),
      ...(show.extras && config.enquiryExtras.hiddenFieldValue ? { hidden: config.enquiryExtras.hiddenFieldValue } : {}),
      ...(show.location ? locationLeadFields(v.location_id, config.locations) : {}),
      source: "website",
      ...extraFields,
    }) as never,
  ) as unknown as Record<string, unknown>;
}

/**
 * The enquiry in two steps: contact details (Next creates the lead), then the enquiry itself
 * (completes it). The multi-step enquiry block uses it, and so does the enquiry form block on a
 * site whose forms.enquiryExtras.multiStep is on.
 */
export function MultiStepEnquiryForm({
  config,
  labelledBy,
  show: asked,
  extraFields = {},
  posted,
  ...hooks
}: {
  config: FormConfig;
  labelledBy?: string;
  show?: EnquiryStepsShow;
  extraFields?: Record<string, unknown>;
  /** What a refused plain post (before JavaScript) left for the forms of this page. */
  posted?: PostedLeadForm | null;
} & LeadFormHooks) {
  const show = { ...ASKED_BY_DEFAULT, ...asked };
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
      fields: ["category", "location_id", "PreferredContactMethod", "Rego", "finance", "do-you-have-a-trade-in", "message", "opt_in"],
      render: () => <EnquiryStep config={config} show={show} />,
    },
  ];
  return (
    <MultiStepLeadForm<Values>
      form="multi-step-enquiry"
      steps={steps}
      labelledBy={labelledBy}
      posted={posted}
      submitText={config.submitText}
      successPath={config.successPath}
      commentsRequired={config.commentsRequired}
      defaultValues={{
        ...EMPTY_CONTACT,
        category: "",
        location_id: "",
        PreferredContactMethod: config.preferredContactMethod.default,
        message: "",
        Rego: "",
        opt_in: false,
        finance: "",
        "do-you-have-a-trade-in": "",
        company_url: "",
      }}
      toLead={(v) => enquiryLead(v, config, show, extraFields)}
      extra={(v) => (show.location ? dealershipRequired(v.location_id, config.locations) : [])}
      {...hooks}
    />
  );
}
