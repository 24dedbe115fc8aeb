// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { MESSAGES, fieldMessage } from "@/runtime/leads/messages";
import { LeadForm } from "./LeadForm";
import { fixedLeadFields, formKeyFor, postedFor, withPostedValues } from "./plain-post";
import { singleStepLead, leadFormShows, defaultLeadValues } from "./lead-form";
import { leadsFetch, option, testConfig } from "./test-helpers";

afterEach(cleanup);

/** The hidden `_lead` field's JSON in server markup. */
function fixedOf(html: string): Record<string, unknown> {
  const m = html.match(/name="_lead" value="([^"]*)"/);
  return JSON.parse((m?.[1] ?? "{}").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
}

describe("lead forms before JavaScript", () => {
  it("the server's form is a plain post to the lead API with the fields the script would add", () => {
    const config = testConfig();
    const html = renderToStaticMarkup(
      <LeadForm
        config={config}
        form="test-drive"
        category="Test Drive"
        labelledBy="test-drive-form-heading"
        car={{ car_id: "42" }}
        extraFields={{ source: "website" }}
      />,
    );
    expect(html).toContain('action="/api/leads" method="post"');
    expect(fixedOf(html)).toEqual({
      form: "test-drive",
      category: "Test Drive",
      source: "website",
      car_id: "42",
      // The only location is the script's too.
      location_id: 1,
      dealership_id: 101,
      location: "Springwood Motors",
    });
    expect(html).toContain('name="_form" value="test-drive#test-drive-form-heading"');
    expect(html).toMatch(/name="_key" value="[0-9a-f-]{36}"/);
    // The submit button works before hydration (a plain post never puts the details in the URL).
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
    // The preferred contact method's default is checked in the markup, as the script would send it.
    expect(html).toMatch(/name="PreferredContactMethod" checked="" value="Phone"/);
  });

  it("fixed fields leave out what the shopper is asked (a shown category select, the picker of several locations)", () => {
    const config = testConfig({ categories: ["General Enquiry", "Service"], locations: [option(1, "A", "X"), option(2, "B", "Y")] });
    const props = { config, form: "enquiry" as const, extraFields: { source: "website" } };
    const shows = leadFormShows(props);
    expect(fixedLeadFields((v) => singleStepLead(v, props, shows), defaultLeadValues(props))).toEqual({ form: "enquiry", source: "website" });
  });

  it("a refused post's state is shown on its own form: values, errors at the fields, the summary, the whole-post problem", async () => {
    const config = testConfig();
    const posted = {
      form: formKeyFor("contact", "enquiry-form-heading"),
      values: { name: "Jane <b>", email: "jane@", postcode: "41", message: "Hello", opt_in: "on", PreferredContactMethod: "SMS" },
      errors: [
        { field: "email", message: fieldMessage("email") },
        { field: "postcode", message: MESSAGES.invalidPostcode },
      ],
      problem: MESSAGES.rateLimited,
    };
    const html = renderToStaticMarkup(<LeadForm config={config} form="contact" labelledBy="enquiry-form-heading" showOptIn posted={posted} />);
    expect(html).toContain(MESSAGES.errorSummary);
    expect(html).toContain(fieldMessage("email"));
    expect(html).toContain(MESSAGES.invalidPostcode);
    expect(html).toContain(MESSAGES.rateLimited);
    expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]*-email-error"/);
    // Typed text comes back escaped, in the fields.
    expect(html).toContain('value="Jane &lt;b&gt;"');
    expect(html).not.toContain("<b>");
    expect(html).toMatch(/name="PreferredContactMethod" checked="" value="SMS"/);
    expect(html).toMatch(/type="checkbox"[^>]*checked=""/);
    // Another form on the page is not given this form's state.
    const other = renderToStaticMarkup(<LeadForm config={config} form="test-drive" labelledBy="test-drive-form-heading" posted={posted} />);
    expect(other).not.toContain(MESSAGES.errorSummary);

    // Hydrated, the form keeps the state and sends JSON as before once fixed.
    const { impl, calls } = leadsFetch([
      { status: 201, body: { lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11", lead_status: "Complete", form_completed: true } },
    ]);
    const { container } = render(
      <LeadForm config={config} form="contact" labelledBy="enquiry-form-heading" posted={posted} post={{ fetchImpl: impl }} navigate={() => undefined} />,
    );
    await waitFor(() => expect(container.querySelector("form[data-ready]")).not.toBeNull());
    expect((container.querySelector('[name="email"]') as HTMLInputElement).value).toBe("jane@");
    expect(container.querySelector('[data-testid="error-warning"]')?.textContent).toContain(fieldMessage("email"));
    const set = (name: string, value: string) => fireEvent.change(container.querySelector(`[name="${name}"]`)!, { target: { value } });
    set("email", "jane@example.com");
    set("postcode", "4000");
    set("phone", "0412345678");
    fireEvent.submit(container.querySelector("form")!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].init.headers).toMatchObject({ "content-type": "application/json" });
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({ form: "contact", email: "jane@example.com", name: "Jane <b>" });
  });

  it("state that names no form (the URL's field names only) goes to every lead form; a box not posted comes back unticked", () => {
    expect(postedFor({ form: "", values: {}, errors: [] }, "contact#x")).not.toBeNull();
    expect(postedFor({ form: "enquiry#y", values: {}, errors: [] }, "contact#x")).toBeNull();
    expect(withPostedValues({ name: "", opt_in: true }, { form: "", values: { name: "Jo" }, errors: [] })).toEqual({ name: "Jo", opt_in: false });
  });
});
