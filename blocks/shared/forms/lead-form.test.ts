import { describe, expect, it } from "vitest";
import { defaultLeadValues, leadFormShows, singleStepLead } from "./lead-form";
import { option, testConfig } from "./test-helpers";

const twoLocations = testConfig({ locations: [option(1, "A Motors", "Springwood"), option(2, "B Motors", "Capalaba")], categories: ["Sales", "Service"] });

describe("the single-step lead form's parts", () => {
  it("shows the category select only without a fixed category, and comments as the site requires on comment forms", () => {
    const enquiry = leadFormShows({ config: { ...twoLocations, commentsRequired: true }, form: "enquiry" });
    expect(enquiry).toMatchObject({ location: true, category: true, categories: ["Sales", "Service"], commentsRequired: true, message: true });
    const testDrive = leadFormShows({ config: { ...twoLocations, commentsRequired: true }, form: "test-drive", category: "Test Drive", showLocation: false });
    expect(testDrive).toMatchObject({ location: false, category: false, categories: [], commentsRequired: false });
    expect(leadFormShows({ config: twoLocations, form: "request-photos", hiddenMessage: "" }).message).toBe(false);
  });

  it("starts from empty fields, the car's location and the prefill", () => {
    const values = defaultLeadValues({ config: twoLocations, car: { location_id: 2 } as never, initial: { message: "About finance" } });
    expect(values.location_id).toBe("2");
    expect(values.message).toBe("About finance");
    expect(values.PreferredContactMethod).toBe(twoLocations.preferredContactMethod.default);
    expect(values.opt_in).toBe(false);
  });

  it("sends only the fields the form shows, with the chosen location's dealership", () => {
    const props = { config: twoLocations, form: "enquiry" as const, extraFields: { source: "home" } };
    const v = { ...defaultLeadValues(props), category: "Service", name: "Ann", email: "a@example.com", location_id: "2", Rego: "ABC123", date: "2026-01-02" };
    const lead = singleStepLead(v, props, leadFormShows(props));
    expect(lead).toMatchObject({
      form: "enquiry",
      category: "Service",
      name: "Ann",
      email: "a@example.com",
      location_id: 2,
      dealership_id: 102,
      source: "home",
    });
    expect(lead).not.toHaveProperty("Rego");
    expect(lead).not.toHaveProperty("date");
  });

  it("a fixed category wins over the select, and a hidden message is sent in place of the box", () => {
    const props = { config: twoLocations, form: "request-photos" as const, category: "Photos", hiddenMessage: "Please send photos", showLocation: false };
    const lead = singleStepLead({ ...defaultLeadValues(props), category: "Sales", message: "typed" }, props, leadFormShows(props));
    expect(lead).toMatchObject({ category: "Photos", message: "Please send photos" });
    expect(lead).not.toHaveProperty("location_id");
  });
});
