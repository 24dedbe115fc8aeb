"use client";

import { LeadFormFrame } from "./LeadFormFrame";
import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import type { LeadForm as LeadFormKind } from "@/runtime/leads/validate";
import { MESSAGES } from "@/runtime/leads/messages";
import type { FormConfig } from "./config";
import type { CarContext } from "./car";
import { DealershipPicker, dealershipRequired } from "./DealershipPicker";
import { ErrorSummary } from "./ErrorSummary";
import {
  CheckboxField,
  ContactFields,
  type ContactValues,
  FormError,
  Honeypot,
  PreferredContactMethodField,
  PrivacyNotice,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  YesNoField,
} from "./Fields";
import { formatTime, timeSlots, todayIso } from "./times";
import { leadFormHooks, useLeadForm, type LeadFormHooks } from "./useLeadForm";
import { defaultLeadValues, leadFormShows, singleStepLead, type LeadFormShows } from "./lead-form";
import { fixedLeadFields, leadFormStart, type LeadFormIdentity } from "./plain-post";
import styles from "./forms.module.css";

export type SingleStepForm = Extract<LeadFormKind, "enquiry" | "contact" | "finance" | "test-drive" | "request-photos">;

export interface LeadFormProps extends LeadFormHooks, LeadFormIdentity {
  config: FormConfig;
  form: SingleStepForm;
  /** A fixed category (Test Drive, Finance …); otherwise the site's category select or default category. */
  category?: string;
  subcategory?: string;
  /** Show the category select (when the site lists categories). */
  showCategory?: boolean;
  showLocation?: boolean;
  showRego?: boolean;
  showOptIn?: boolean;
  /** Ask the site's enquiry extras (finance / trade-in Yes/No, hidden field). */
  showExtras?: boolean;
  showPreferredContact?: boolean;
  /** Test drive: date and time (times from the chosen location's opening hours). */
  showDateTime?: boolean;
  /** Hide the message box and send this text (request photos). */
  hiddenMessage?: string;
  messageLabel?: string;
  /** Comments required (default: the site's setting on enquiry, contact and finance forms). */
  messageRequired?: boolean;
  car?: CarContext;
  /** Initial values (prefill), e.g. a finance message. */
  initial?: Partial<LeadFormValues>;
  /** Extra lead fields sent as they are (source, page_id …). */
  extraFields?: Record<string, unknown>;
  submitText?: string;
  /** Text under the form (a test drive's terms). */
  terms?: string;
  /** Rendered before the fields (an intro). */
  children?: ReactNode;
  locationType?: string;
}

export interface LeadFormValues extends ContactValues {
  category: string;
  location_id: string;
  PreferredContactMethod: string;
  message: string;
  Rego: string;
  opt_in: boolean;
  finance: string;
  "do-you-have-a-trade-in": string;
  date: string;
  time: string;
  company_url: string;
}

/** The date and, for that day, the chosen location's times (a hint when there are none). */
function DateTimeFields({ options }: { options: FormConfig["locations"] }) {
  const { watch } = useFormContext<LeadFormValues>();
  const date = watch("date");
  const locationId = watch("location_id");
  const chosen = options.length === 1 ? options[0] : options.find((o) => String(o.location_id) === String(locationId));
  const slots = timeSlots(chosen?.hours, date, chosen?.holidays);
  return (
    <>
      <TextField name="date" label="Preferred date" type="date" min={todayIso()} />
      {slots.length ? (
        <SelectField name="time" label="Preferred time" options={slots.map((t) => ({ value: t, label: formatTime(t) }))} placeholder="Any time" />
      ) : (
        <p className={styles.hint}>
          {date && chosen ? "The dealership is closed on that day. Please choose another date." : "Choose a date to see the available times."}
        </p>
      )}
    </>
  );
}

/** The form's fields, in order, as the props and the site's settings ask for them. */
function LeadFormFields({ props, shows }: { props: LeadFormProps; shows: LeadFormShows }) {
  const { config } = props;
  return (
    <div className={styles.grid}>
      {shows.category ? (
        <SelectField name="category" label="Enquiry type" required options={shows.categories.map((c) => ({ value: c, label: c }))} className={styles.full} />
      ) : null}
      {shows.location ? <DealershipPicker options={config.locations} locationType={props.locationType} /> : null}
      <ContactFields />
      {shows.preferred ? <PreferredContactMethodField /> : null}
      {props.showRego ? <TextField name="Rego" label="Rego" maxLength={20} autoComplete="off" /> : null}
      {shows.dateTime ? <DateTimeFields options={config.locations} /> : null}
      {props.showExtras && config.enquiryExtras.finance ? <YesNoField name="finance" legend="Is your car currently under finance?" /> : null}
      {props.showExtras && config.enquiryExtras.tradeIn ? <YesNoField name="do-you-have-a-trade-in" legend="Do you have a trade-in?" /> : null}
      {shows.message ? <TextAreaField name="message" label={props.messageLabel ?? "Comments"} required={shows.commentsRequired} /> : null}
      {props.showOptIn ? <CheckboxField name="opt_in" label="Keep me up to date with news and offers" /> : null}
      <Honeypot />
      <PrivacyNotice text={config.privacy.text} href={config.privacy.href} />
      {props.terms ? <p className={`${styles.terms} ${styles.full}`}>{props.terms}</p> : null}
    </div>
  );
}

/**
 * The single-step lead form: generic enquiry, contact, finance enquiry, test drive and request
 * photos. Validated on submit by the shared lead validation (same schema as the API); failures
 * show the error summary, which takes focus.
 */
export function LeadForm(props: LeadFormProps) {
  const { config } = props;
  const shows = leadFormShows(props);
  const defaults = defaultLeadValues(props);
  const start = leadFormStart(props, defaults);
  const lf = useLeadForm<LeadFormValues>({
    ...start,
    toLead: (v) => singleStepLead(v, props, shows),
    commentsRequired: shows.commentsRequired,
    extra: (v) => (shows.location ? dealershipRequired(v.location_id, config.locations) : []),
    successPath: config.successPath,
    ...leadFormHooks(props),
  });
  const { status } = lf;

  return (
    <LeadFormFrame
      lf={lf}
      identity={props}
      onSubmit={lf.onSubmit}
      plain={{ fixed: fixedLeadFields((v) => singleStepLead(v, props, shows), defaults), formKey: start.formKey }}
    >
      {props.children}
      <ErrorSummary items={lf.summary} focusKey={lf.summaryFocus} />
      <p className={styles.requiredNote}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <LeadFormFields props={props} shows={shows} />
      <FormError id={lf.idFor("form-error")} message={lf.formError} />
      <SubmitButton status={status}>{props.submitText ?? config.submitText}</SubmitButton>
    </LeadFormFrame>
  );
}

export { MESSAGES };
