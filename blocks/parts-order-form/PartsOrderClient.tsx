"use client";

import type { FormConfig, PickerOption } from "@/blocks/shared/forms/config";
import { DealershipPicker, dealershipRequired, locationLeadFields } from "@/blocks/shared/forms/DealershipPicker";
import type { ContactValues } from "@/blocks/shared/forms/Fields";
import { ContactFields, EMPTY_CONTACT, Honeypot, PreferredContactMethodField, PrivacyNotice, TextAreaField, TextField } from "@/blocks/shared/forms/Fields";
import { MultiStepLeadForm, type FormStep } from "@/blocks/shared/forms/MultiStepLeadForm";
import type { PostedLeadForm } from "@/blocks/shared/forms/plain-post";
import { compact, type LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";

export interface PartsValues extends ContactValues {
  location_id: string;
  PreferredContactMethod: string;
  "Vehicle Make": string;
  "Vehicle Model": string;
  "Vehicle Year": string;
  Rego: string;
  VIN: string;
  "Part#": string;
  "Rego/VIN/Part#": string;
  "Order Detail": string;
  company_url: string;
}

export const PARTS_STEPS = ["Contact Details", "Vehicle Details", "Order Details"] as const;
export const PARTS_CATEGORY = "Parts";

/** The parts order's lead fields for given values (split or combined Rego/VIN/Part#). */
export function partsLead(v: PartsValues, splitFields: boolean, options: PickerOption[], showPreferred: boolean): Record<string, unknown> {
  const year = v["Vehicle Year"].trim();
  return compact({
    form: "parts",
    category: PARTS_CATEGORY,
    name: v.name,
    last_name: v.last_name,
    email: v.email,
    phone: v.phone,
    postcode: v.postcode,
    ...(showPreferred ? { PreferredContactMethod: v.PreferredContactMethod } : {}),
    ...locationLeadFields(v.location_id, options),
    "Vehicle Make": v["Vehicle Make"],
    "Vehicle Model": v["Vehicle Model"],
    "Vehicle Year": /^[0-9]{4}$/.test(year) ? Number(year) : year,
    ...(splitFields ? { Rego: v.Rego, VIN: v.VIN.toUpperCase(), "Part#": v["Part#"] } : { "Rego/VIN/Part#": v["Rego/VIN/Part#"] }),
    "Order Detail": v["Order Detail"],
    source: "website",
  });
}

/** Parts order in three steps: Contact Details, Vehicle Details, Order Details (lead_id carried, Complete on the last). */
/** Values a link may fill in (the parts search's 'Order this part'): the part number and the vehicle searched for. */
export interface PartsPrefill {
  part: string;
  make: string;
  model: string;
  year: string;
}

export function PartsOrderClient({
  config,
  labelledBy,
  prefill,
  posted,
  ...hooks
}: {
  config: FormConfig;
  labelledBy?: string;
  prefill?: PartsPrefill;
  /** What a refused plain post (before JavaScript) left for the forms of this page. */
  posted?: PostedLeadForm | null;
} & LeadFormHooks) {
  const options = config.locations;
  const split = config.parts.splitFields;
  const showPreferred = config.preferredContactMethod.show;
  const steps: FormStep[] = [
    {
      title: PARTS_STEPS[0],
      fields: ["location_id", "name", "last_name", "email", "phone", "postcode", "PreferredContactMethod"],
      render: () => (
        <>
          <DealershipPicker options={config.locations} locationType="parts" label="Parts department" />
          <ContactFields />
          {showPreferred ? <PreferredContactMethodField /> : null}
          <Honeypot />
        </>
      ),
    },
    {
      title: PARTS_STEPS[1],
      fields: split
        ? ["Vehicle Make", "Vehicle Model", "Vehicle Year", "Rego", "VIN", "Part#"]
        : ["Vehicle Make", "Vehicle Model", "Vehicle Year", "Rego/VIN/Part#"],
      render: () => (
        <>
          <TextField name="Vehicle Make" label="Vehicle make" maxLength={100} autoComplete="off" />
          <TextField name="Vehicle Model" label="Vehicle model" maxLength={100} autoComplete="off" />
          <TextField name="Vehicle Year" label="Vehicle year" inputMode="numeric" maxLength={4} digitsOnly autoComplete="off" />
          {split ? (
            <>
              <TextField name="Rego" label="Rego" maxLength={20} autoComplete="off" />
              <TextField name="VIN" label="VIN" maxLength={20} autoComplete="off" />
              <TextField name="Part#" label="Part number" maxLength={100} autoComplete="off" />
            </>
          ) : (
            <TextField name="Rego/VIN/Part#" label="Rego, VIN or part number" maxLength={200} autoComplete="off" />
          )}
        </>
      ),
    },
    {
      title: PARTS_STEPS[2],
      fields: ["Order Detail"],
      render: () => (
        <>
          <TextAreaField name="Order Detail" label="Order details" required hint="The parts or accessories you need, with quantities." />
          <PrivacyNotice text={config.privacy.text} href={config.privacy.href} />
        </>
      ),
    },
  ];
  return (
    <MultiStepLeadForm<PartsValues>
      form="parts"
      steps={steps}
      labelledBy={labelledBy}
      posted={posted}
      submitText={config.submitText}
      successPath={config.successPath}
      defaultValues={{
        ...EMPTY_CONTACT,
        location_id: "",
        PreferredContactMethod: config.preferredContactMethod.default,
        "Vehicle Make": prefill?.make ?? "",
        "Vehicle Model": prefill?.model ?? "",
        "Vehicle Year": prefill?.year ?? "",
        Rego: "",
        VIN: "",
        "Part#": split ? (prefill?.part ?? "") : "",
        "Rego/VIN/Part#": split ? "" : (prefill?.part ?? ""),
        "Order Detail": "",
        company_url: "",
      }}
      toLead={(v) => partsLead(v, split, options, showPreferred)}
      extra={(v) => dealershipRequired(v.location_id, options)}
      {...hooks}
    />
  );
}
