/**
 * The shared lead form kit (issue 7). Not a block: no schema.json here. Server components call
 * formConfig(manifest) and pass it to the client forms; everything validates with the shared
 * lead validation (runtime/leads/validate.ts), the same JSON Schema the API uses.
 */
export { formConfig, pickerOptions, CONTACT_METHODS, type FormConfig, type PickerOption, type OpeningHours, type ContactMethod } from "./config";
export { carLeadFields, type CarContext } from "./car";
export { leadResolver, leadErrors, toFormErrors, type LeadResolverOptions } from "./resolver";
export { recordVisit, leadAttributes, pageFields, linkedParamsOf, VISITED_PAGES_KEY, LINKED_PARAMS_KEY } from "./attribution";
export { loadContact, saveContact, saveSuccessCategory, CONTACT_KEY, SUCCESS_CATEGORY_KEY } from "./storage";
export { leadEventId, pushLeadEvent, LEAD_EVENT_IDS } from "./events";
export { postLead, IdempotencyKeys, newIdempotencyKey, failureMessage, LEADS_ENDPOINT, type LeadResult } from "./submit";
export { timeSlots, formatTime, weekdayOf, todayIso } from "./times";
export * from "./Fields";
export { ErrorSummary, type SummaryItem } from "./ErrorSummary";
export { DealershipPicker, matchOptions, optionsFromWebsites, locationLeadFields, dealershipRequired, RADIUS_OPTIONS_KM, DEFAULT_RADIUS_KM } from "./DealershipPicker";
export { useLeadForm, compact, leadBody, type LeadFormHooks, type Navigate } from "./useLeadForm";
export { LeadForm, type LeadFormProps, type LeadFormValues, type SingleStepForm } from "./LeadForm";
export { MultiStepLeadForm, type FormStep, type MultiStepLeadFormProps } from "./MultiStepLeadForm";
export { VisitTracker } from "./VisitTracker";
export * from "./dialogs";
