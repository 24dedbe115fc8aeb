import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CarUnavailable, PaymentOutcome } from "./PaymentPages";
import { CardFieldset, ContactFieldset, TermsFieldset } from "./PaymentSections";

const unavailable = (reserved: boolean, error?: string) =>
  renderToStaticMarkup(
    <CarUnavailable
      titleId="x-title"
      heading={<h1 id="x-title">Reserve it</h1>}
      idPrefix="x"
      action="reserved"
      reserved={reserved}
      reservedTag="SOLD PENDING"
      slug="a-car"
      error={error}
    />,
  );

describe("the payment pages' shared frames", () => {
  it("a car reserved online (perhaps by this shopper, so said neutrally): the dealer's tag, what cannot be done, the way back; taken off sale: a plain word", () => {
    const reserved = unavailable(true);
    expect(reserved).toContain('aria-labelledby="x-title"');
    expect(reserved).toMatch(/<strong class="[^"]*badge[^"]*" data-testid="x-reserved">SOLD PENDING<\/strong>/);
    expect(reserved).toContain("reserved online, so it cannot be reserved online just now. If you reserved it, your confirmation has been emailed to you.");
    expect(reserved).toContain('href="/cars/a-car"');
    expect(reserved).not.toContain('role="alert"');
    const gone = unavailable(false, "That car has just been taken.");
    expect(gone).not.toContain("x-reserved");
    expect(gone).toContain("This vehicle can no longer be reserved online. Please contact us about it.");
    expect(gone).toContain('role="alert">That car has just been taken.</p>');
  });

  it("an outcome says test mode only when the provider was in it, and its way on only when given", () => {
    const test = renderToStaticMarkup(
      <PaymentOutcome titleId="t" title="Done" testId="done" testMode next={<span>Home</span>}>
        <p>Thanks.</p>
      </PaymentOutcome>,
    );
    expect(test).toMatch(/<h1 id="t" class="[^"]*title[^"]*">Done<\/h1>/);
    expect(test).toContain("Test mode: no real money was taken.");
    expect(test).toContain("<p><span>Home</span></p>");
    const live = renderToStaticMarkup(
      <PaymentOutcome titleId="t" title="Done">
        <p>Thanks.</p>
      </PaymentOutcome>,
    );
    expect(live).not.toContain("Test mode");
    expect(live).not.toContain("<span>");
  });

  it("the terms checkbox is required only where the page asks for it, and names its error", () => {
    const required = renderToStaticMarkup(<TermsFieldset idPrefix="p" terms="T." label="I accept" error="Please accept" required />);
    expect(required).toMatch(
      /<input id="p-terms" type="checkbox" required="" aria-invalid="true" aria-describedby="p-terms-error" name="terms" value="yes"\/>/,
    );
    expect(required).toContain('id="p-terms-error"');
    expect(renderToStaticMarkup(<TermsFieldset idPrefix="p" terms="T." label="I accept" error={undefined} />)).not.toContain("required");
  });

  it("the contact fieldset takes a page's further fields; the card fieldset leaves its button to a page that places its own", () => {
    const contact = renderToStaticMarkup(
      <ContactFieldset idPrefix="p" values={{ name: "", last_name: "", email: "", phone: "" }} fieldError={() => undefined}>
        <input name="postcode" />
      </ContactFieldset>,
    );
    expect(contact).toMatch(/name="phone"[^]*name="postcode"[^]*<\/fieldset>/);
    const card = (submit?: boolean) =>
      renderToStaticMarkup(
        <CardFieldset
          idPrefix="p"
          legend="Card"
          payment={{ cardEntry: "form", testMode: true, publishableKey: null, methods: ["visa"] }}
          testCards
          buttonText="Pay"
          hosted={{ amountCents: 100, intentPath: "/i", returnPath: "/r" }}
          cardNumberError="Declined"
          submit={submit}
        />,
      );
    expect(card()).toContain('type="submit"');
    expect(card(false)).not.toContain('type="submit"');
    expect(card(false)).toContain('id="p-card_number-error"');
  });
});
