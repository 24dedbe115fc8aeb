"use client";

import type { FormConfig } from "@/blocks/shared/forms/config";
import { DealershipPicker } from "@/blocks/shared/forms/DealershipPicker";
import { ContactFields, Honeypot, PrivacyNotice, TextAreaField } from "@/blocks/shared/forms/Fields";
import formStyles from "@/blocks/shared/forms/forms.module.css";

/** The shopper's details: dealership, contact fields, a note and the privacy wording. */
export function ContactStep({ config }: { config: FormConfig }) {
  return (
    <div className={formStyles.grid}>
      <DealershipPicker options={config.locations} />
      <ContactFields />
      <TextAreaField name="message" label="Anything else we should know?" />
      <Honeypot />
      <PrivacyNotice text={config.privacy.text} href={config.privacy.href} />
    </div>
  );
}
