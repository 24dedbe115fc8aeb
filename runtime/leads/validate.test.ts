import { describe, expect, it } from "vitest";
import { MESSAGES, messagesFromAjv } from "./messages";
import { fieldErrorsOf, leadSchema, validateLeadFields } from "./validate";
import { validEnquiry } from "./test-fixtures";

const errorsOf = (data: unknown, opts = { final: true }) => {
  const r = validateLeadFields(data, opts);
  return r.ok ? [] : r.errors;
};
const messageFor = (data: unknown, field: string, opts = { final: true }) => errorsOf(data, opts).find((e) => e.field === field)?.message;

describe("lead validation (lead.schema.json + form rules)", () => {
  it("accepts a complete enquiry and fills the PreferredContactMethod default (Phone)", () => {
    const r = validateLeadFields(validEnquiry(), { final: true });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.lead.PreferredContactMethod).toBe("Phone");
  });

  it.each([
    ["name", "Please enter your first name"],
    ["email", "Please enter a valid email address"],
    ["phone", "Please enter a valid phone number"],
    ["postcode", MESSAGES.invalidPostcode],
    ["category", "Please select an enquiry type"],
    ["message", "Please enter your comments"],
  ])("requires %s with the message '%s'", (field, message) => {
    const data = validEnquiry();
    delete data[field];
    expect(errorsOf(data)).toEqual([{ field, message }]);
    expect(messageFor({ ...validEnquiry(), [field]: "   " }, field)).toBe(message);
  });

  it("lists every field at fault at once, in form order", () => {
    expect(errorsOf({ form: "enquiry" }).map((e) => e.field)).toEqual(["category", "name", "email", "phone", "postcode", "message"]);
  });

  it.each(["412", "41270", "41a7", "4 27", ""])("postcode '%s' is 'Invalid postcode. Please enter a 4-digit number.'", (postcode) => {
    expect(messageFor(validEnquiry({ postcode }), "postcode")).toBe("Invalid postcode. Please enter a 4-digit number.");
  });

  it("trims a postcode typed with spaces around it", () => {
    expect(errorsOf(validEnquiry({ postcode: " 4127 " }))).toEqual([]);
  });

  it("checks email and phone formats", () => {
    expect(messageFor(validEnquiry({ email: "jane@" }), "email")).toBe("Please enter a valid email address");
    expect(messageFor(validEnquiry({ phone: "12ab" }), "phone")).toBe("Please enter a valid phone number");
    expect(errorsOf(validEnquiry({ phone: "+61 7 3000 1234" }))).toEqual([]);
    expect(errorsOf(validEnquiry({ phone: "(07) 3000-1234" }))).toEqual([]);
  });

  it("comments: required on enquiry, contact, finance and multi-step forms, unless the site lifts it", () => {
    for (const form of ["enquiry", "contact", "finance", "multi-step-enquiry"]) {
      expect(messageFor(validEnquiry({ form, message: "" }), "message")).toBe("Please enter your comments");
    }
    expect(errorsOf(validEnquiry({ message: "" }), { final: true, commentsRequired: false } as never)).toEqual([]);
  });

  it("test drive: message, date and time optional; date and time checked when given", () => {
    expect(errorsOf(validEnquiry({ form: "test-drive", category: "Test Drive", message: undefined }))).toEqual([]);
    expect(messageFor(validEnquiry({ form: "test-drive", date: "2025-13-40" }), "date")).toBe("Please choose a valid date");
    expect(messageFor(validEnquiry({ form: "test-drive", time: "25:00" }), "time")).toBe("Please choose a valid time");
  });

  it("request photos: message optional, default 'Please send photos for this car'", () => {
    const r = validateLeadFields(validEnquiry({ form: "request-photos", message: undefined }), { final: true });
    expect(r.ok && r.lead.message).toBe("Please send photos for this car");
  });

  it("parts order: Order Detail required on the last step; Rego, VIN and Part# optional", () => {
    const parts = validEnquiry({
      form: "parts",
      category: "Parts",
      message: undefined,
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Hilux",
      "Vehicle Year": "2019",
    });
    expect(errorsOf(parts)).toEqual([{ field: "Order Detail", message: "Please enter your order details" }]);
    expect(errorsOf({ ...parts, "Order Detail": "Front brake pads" })).toEqual([]);
    expect(messageFor({ ...parts, "Order Detail": "x", "Vehicle Year": "19" }, "Vehicle Year")).toBe("Please enter a 4-digit year");
  });

  it("earlier steps of a multi-step form: missing fields are not errors yet, wrong ones are", () => {
    expect(errorsOf({ form: "parts", name: "Jane", postcode: "4127" }, { final: false })).toEqual([]);
    expect(errorsOf({ form: "parts", postcode: "41" }, { final: false })).toEqual([{ field: "postcode", message: MESSAGES.invalidPostcode }]);
  });

  it("Careers Enquiry is sent as General Enquiry with subcategory Career Enquiry", () => {
    const r = validateLeadFields(validEnquiry({ category: "Careers Enquiry" }), { final: true });
    expect(r.ok && [r.lead.category, r.lead.subcategory]).toEqual(["General Enquiry", "Career Enquiry"]);
  });

  it("rejects unknown fields and wrong enumerations with a message per field", () => {
    expect(errorsOf(validEnquiry({ favourite_colour: "red" }))).toEqual([{ field: "favourite_colour", message: "This field is not accepted" }]);
    expect(messageFor(validEnquiry({ PreferredContactMethod: "Fax" }), "PreferredContactMethod")).toBe("Please choose Phone, Email or SMS");
    expect(messageFor(validEnquiry({ finance: "Maybe" }), "finance")).toBe("Please answer Yes or No");
    expect(messageFor(validEnquiry({ regoState: "XYZ" }), "regoState")).toBe("Please select a state");
    expect(messageFor(validEnquiry({ kms: 12.5 }), "kms")).toBe("Please enter the kilometres as a whole number");
    expect(messageFor(validEnquiry({ lead_id: "not-a-uuid" }), "lead_id")).toBe(MESSAGES.leadNotFound);
  });

  it("accepts the attribution, car and trade-in fields a lead may carry", () => {
    const lead = validEnquiry({
      category: "Used Car Enquiry",
      car_type: "used",
      car_id: 123,
      stock_number: "U1234",
      "Vehicle Make": "Mazda",
      "Vehicle Model": "CX-5",
      vehicle_status: "in_stock",
      car_dealership_id: 202,
      opt_in: true,
      Rego: "123ABC",
      regoState: "NSW",
      kms: 45000,
      page_id: "p1",
      PageTitle: "Mazda CX-5",
      url: "https://www.example.com.au/cars/x",
      source: "vehicle page",
      user_agent: "UA",
      additional_services: ["finance"],
      finance: "No",
      "do-you-have-a-trade-in": "Yes",
      hidden: "x",
      lead_attributes: { visited_pages: ["/", "/cars/x"], linked_query_params: { utm_source: "google", gclid: "abc" } },
    });
    expect(errorsOf(lead)).toEqual([]);
    expect(messageFor({ ...lead, lead_attributes: { visited_pages: [1] } }, "lead_attributes.visited_pages.0")).toBe("Please check this value");
  });

  it("empty text and null mean 'not given' (empty optional inputs and selects)", () => {
    expect(errorsOf(validEnquiry({ regoState: "", last_name: "  ", Rego: null, location_id: "" }))).toEqual([]);
  });

  it("a body that is not an object is unreadable", () => {
    expect(errorsOf([1, 2])).toEqual([{ field: "", message: MESSAGES.unreadable }]);
    expect(messagesFromAjv(null)).toEqual([]);
  });

  it("as a Standard Schema: the same errors as issues (path split at dots, none for the whole body), the lead as the value", () => {
    const schema = leadSchema({ final: true })["~standard"];
    expect(schema.version).toBe(1);
    const bad = { ...validEnquiry(), email: "nope", lead_attributes: { visited_pages: "x" } };
    const issues = schema.validate(bad).issues ?? [];
    expect(issues.some((i) => i.path?.join("/") === "lead_attributes/visited_pages")).toBe(true);
    expect(fieldErrorsOf(issues)).toEqual(errorsOf(bad));
    expect(schema.validate([1]).issues).toEqual([{ message: MESSAGES.unreadable }]);
    const ok = schema.validate(validEnquiry({ category: "Careers Enquiry" }));
    expect(ok.issues).toBeUndefined();
    expect(ok.issues ? null : ok.value).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry" });
  });
});
