/**
 * Every message a lead form or the lead API shows, word for word (forms, tests and the API all
 * read them from here), and the mapping from ajv errors (lead.schema.json) to one message per
 * field. Pure: the browser forms import it too.
 */
import type { AjvError } from "../generated/validators";
import type { FieldError } from "@/runtime/field-error";

export const MESSAGES = {
  errorSummary: "Please fix the following errors:",
  submitFailed: "An error occurred when submitting this form",
  /** Word for word as specified, misspelling included: do not correct it (a multi-step form's failure without a message). */
  unexpected: "An unexpected error occured",
  invalidPostcode: "Invalid postcode. Please enter a 4-digit number.",
  postcodeNotFound: "Invalid postcode",
  selectDealership: "*Please select a dealership location",
  failedToFetchLocations: "Failed to fetch locations",
  rateLimited: "Too many submissions. Please wait a minute and try again.",
  unreadable: "The form could not be read. Please try again.",
  tooLarge: "The form is too large. Please shorten your message and try again.",
  notASite: "This website does not accept enquiries.",
  leadNotFound: "This enquiry could not be found. Please start again.",
  carNotOurs: "This car is another dealer's. Please enquire from the car's page on that dealer's site.",
  idempotencyKeyInvalid: "The Idempotency-Key header must be 1 to 200 visible characters.",
  idempotencyKeyReused: "This submission key was already used for a different submission.",
  unknownField: "This field is not accepted",
  controlCharacters: "This field contains characters that cannot be accepted (control characters or line breaks).",
  requestPhotosDefault: "Please send photos for this car",
} as const;

/**
 * What the success page says instead of "sent" when the dealer's leads reach no one (settings.ts
 * `leadsReachSomeone`): the enquiry is kept, and the shopper is given the dealer's phone to call.
 */
export function receivedNotSentMessage(phone: string | null | undefined): string {
  const call = phone?.trim() ? ` If it is urgent, please call us on ${phone.trim()}.` : "";
  return `Your enquiry has been received, but it has not reached our team yet.${call}`;
}

/** Per-field messages (any rule of that field). */
export const FIELD_MESSAGES: Record<string, string> = {
  name: "Please enter your first name",
  last_name: "Please enter a valid last name",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  postcode: MESSAGES.invalidPostcode,
  message: "Please enter your comments",
  category: "Please select an enquiry type",
  subcategory: "Please select a valid enquiry subtype",
  dealership_id: MESSAGES.selectDealership,
  dealership_slug: MESSAGES.selectDealership,
  location_id: MESSAGES.selectDealership,
  location: MESSAGES.selectDealership,
  regoState: "Please select a state",
  kms: "Please enter the kilometres as a whole number",
  lead_id: MESSAGES.leadNotFound,
  car_id: MESSAGES.carNotOurs,
  "Vehicle Year": "Please enter a 4-digit year",
  date: "Please choose a valid date",
  time: "Please choose a valid time",
  VIN: "Please enter a valid VIN",
  "Order Detail": "Please enter your order details",
  PreferredContactMethod: "Please choose Phone, Email or SMS",
  finance: "Please answer Yes or No",
  "do-you-have-a-trade-in": "Please answer Yes or No",
  opt_in: "Please tick or untick the box",
  car_type: "Please choose new, used or demo",
};

/**
 * The contact block of every lead form, in the order the form shows it. Both the error list and
 * the CSV export follow the form's order, so they share this run rather than each restating it.
 */
export const CONTACT_FIELD_ORDER = ["name", "last_name", "email", "phone", "postcode", "PreferredContactMethod", "message"] as const;

/** Order of fields in the error list (the order of the form); others follow alphabetically. */
const FIELD_ORDER = [
  "category",
  "location_id",
  "dealership_id",
  "dealership_slug",
  "location",
  ...CONTACT_FIELD_ORDER,
  "Vehicle Make",
  "Vehicle Model",
  "Vehicle Year",
  "Rego",
  "VIN",
  "Part#",
  "Rego/VIN/Part#",
  "Order Detail",
  "regoState",
  "kms",
  "date",
  "time",
  "finance",
  "do-you-have-a-trade-in",
  "opt_in",
];

function pointerToField(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}

function genericMessage(e: AjvError): string {
  switch (e.keyword) {
    case "maxLength":
      return `Please enter at most ${e.params.limit} characters`;
    case "maxItems":
    case "maxProperties":
      return `Please choose at most ${e.params.limit}`;
    case "enum":
      return `Please choose one of: ${(e.params.allowedValues as unknown[]).join(", ")}`;
    case "type":
      return "Please check this value";
    default:
      return "Please check this value";
  }
}

/** One error per field, in form order, with the field's message. */
export function messagesFromAjv(errors: readonly AjvError[] | null | undefined): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const e of errors ?? []) {
    let field = pointerToField(e.instancePath);
    if (e.keyword === "required") field = field ? `${field}.${e.params.missingProperty}` : String(e.params.missingProperty);
    if (e.keyword === "additionalProperties") {
      const extra = String(e.params.additionalProperty);
      field = field ? `${field}.${extra}` : extra;
      if (!byField.has(field)) byField.set(field, { field, message: MESSAGES.unknownField });
      continue;
    }
    if (byField.has(field)) continue;
    byField.set(field, { field, message: FIELD_MESSAGES[field] ?? genericMessage(e) });
  }
  return sortFieldErrors([...byField.values()]);
}

export function sortFieldErrors(errors: FieldError[]): FieldError[] {
  const rank = (f: string) => {
    const i = FIELD_ORDER.indexOf(f.split(".")[0]);
    return i === -1 ? FIELD_ORDER.length : i;
  };
  return [...errors].sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field));
}

export function fieldMessage(field: string): string {
  return FIELD_MESSAGES[field] ?? "Please check this value";
}

const KM_FORMAT = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });

/**
 * The trade-in guidance, stating the dealer's own limits (forms.tradeIn.maxAgeYears and maxKms):
 * the shopper is told the very numbers the valuation applies.
 */
export function tradeInGuidance(limits: { maxAgeYears: number; maxKms: number }): string {
  const years = `${limits.maxAgeYears} ${limits.maxAgeYears === 1 ? "year" : "years"}`;
  return `Online estimates are generally not given for cars over ${years} old or over ${KM_FORMAT.format(limits.maxKms)} km.`;
}
