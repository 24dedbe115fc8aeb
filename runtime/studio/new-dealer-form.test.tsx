import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NewDealerForm } from "./new-dealer-form";
import { NEW_DEALER_FIELDS } from "./new-dealer";

describe("NewDealerForm", () => {
  it("posts every question as a plain form and shows this server's preview address", () => {
    const html = renderToStaticMarkup(<NewDealerForm state={null} port="3451" />);
    expect(html).toContain('action="/studio/new/create"');
    expect(html).toContain("http://short-name.preview.localhost:3451/");
    // Every question but the address confirmation, which shows only when the postcode list disputes the address.
    for (const name of NEW_DEALER_FIELDS.filter((f) => f !== "addressConfirmed")) expect(html, name).toContain(`name="${name}"`);
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("addressConfirmed");
    // The email's help says what the draft does with it: every enquiry is sent there.
    expect(html).toContain("Receives every enquiry from the site by email");
  });

  it("shows a refused post's answers and each problem at its field, offering the confirmation only for a disputed address", () => {
    const state = {
      answers: { name: "Ballina <Kia>", address: "12 River Street, Ballina QLD 2478" },
      errors: [
        { field: "email" as const, message: "Enter the email address enquiries go to." },
        { field: "state" as const, message: "Postcode 2478 is in NSW, not QLD.", confirmable: true as const },
      ],
    };
    const html = renderToStaticMarkup(<NewDealerForm state={state} port="" />);
    expect(html).toContain("2 answers need");
    expect(html).toContain('href="#email"');
    expect(html).toMatch(
      /id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-hint email-error"|aria-invalid="true" aria-describedby="email-hint email-error"/,
    );
    expect(html).toContain('value="Ballina &lt;Kia&gt;"');
    expect(html).toContain('name="addressConfirmed"');
    expect(html).toContain("http://short-name.preview.localhost/");
  });
});
