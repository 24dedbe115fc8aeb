import { applyRemaps, COMMENT_FORMS } from "@/runtime/leads/validate";
import { carLeadFields } from "./car";
import { locationLeadFields } from "./DealershipPicker";
import { EMPTY_CONTACT } from "./Fields";
import type { LeadFormProps, LeadFormValues } from "./LeadForm";
import { compact } from "./useLeadForm";

/** Which of its optional parts a single-step lead form shows, from its props and the site's settings. */
export interface LeadFormShows {
  location: boolean;
  /** The category select's choices (none when the form has a fixed category). */
  categories: string[];
  category: boolean;
  commentsRequired: boolean;
  message: boolean;
  preferred: boolean;
  dateTime: boolean;
}

export function leadFormShows(props: LeadFormProps): LeadFormShows {
  const { config, form } = props;
  const categories = props.category ? [] : config.categories;
  return {
    location: props.showLocation !== false,
    categories,
    category: props.showCategory !== false && !props.category && categories.length > 0,
    commentsRequired: props.messageRequired ?? (COMMENT_FORMS.includes(form) ? config.commentsRequired : false),
    message: props.hiddenMessage === undefined,
    preferred: props.showPreferredContact ?? config.preferredContactMethod.show,
    dateTime: props.showDateTime ?? (form === "test-drive" && config.testDrive.showDateTime),
  };
}

/** The form's first values: empty fields, the car's location, the site's preferred contact method, then the prefill. */
export function defaultLeadValues(props: Pick<LeadFormProps, "config" | "car" | "initial">): LeadFormValues {
  return {
    category: "",
    location_id: props.car?.location_id ? String(props.car.location_id) : "",
    ...EMPTY_CONTACT,
    PreferredContactMethod: props.config.preferredContactMethod.default,
    message: "",
    Rego: "",
    opt_in: false,
    finance: "",
    "do-you-have-a-trade-in": "",
    date: "",
    time: "",
    company_url: "",
    ...props.initial,
  };
}

/** The lead a single-step form sends: only the fields it shows, the car's and the location's fields, then the extras. */
export function singleStepLead(v: LeadFormValues, props: LeadFormProps, shows: LeadFormShows): Record<string, unknown> {
  const { config } = props;
  const category = props.category ?? (shows.category ? v.category : config.defaultCategory);
  const lead = compact({
    form: props.form,
    category,
    ...(props.subcategory ? { subcategory: props.subcategory } : {}),
    name: v.name,
    last_name: v.last_name,
    email: v.email,
    phone: v.phone,
    postcode: v.postcode,
    ...(shows.preferred ? { PreferredContactMethod: v.PreferredContactMethod } : {}),
    message: shows.message ? v.message : props.hiddenMessage || undefined,
    ...(props.showRego ? { Rego: v.Rego } : {}),
    ...(props.showOptIn && v.opt_in ? { opt_in: true } : {}),
    ...(props.showExtras && config.enquiryExtras.finance ? { finance: v.finance } : {}),
    ...(props.showExtras && config.enquiryExtras.tradeIn ? { "do-you-have-a-trade-in": v["do-you-have-a-trade-in"] } : {}),
    ...(props.showExtras && config.enquiryExtras.hiddenFieldValue ? { hidden: config.enquiryExtras.hiddenFieldValue } : {}),
    ...(shows.dateTime ? { date: v.date, time: v.time } : {}),
    ...(shows.location ? locationLeadFields(v.location_id, config.locations) : {}),
    ...carLeadFields(props.car),
    ...props.extraFields,
  });
  if (!lead.category) lead.category = category;
  return applyRemaps(lead as never) as unknown as Record<string, unknown>;
}
