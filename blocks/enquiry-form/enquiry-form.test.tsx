// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { EnquiryFormProps } from "@/runtime/generated/types";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { EnquiryForm } from "./EnquiryForm";
import { openChat } from "./chat";
import { blockProps } from "@/tests/helpers/block-props";

const html = (props: EnquiryFormProps = {}, manifest: Record<string, unknown> = {}) =>
  renderToStaticMarkup(
    <>{EnquiryForm({ props: blockProps("enquiry-form", props), data: undefined, dataFailed: false, site: formSite(manifest), slots: {} })}</>,
  );
afterEach(cleanup);

describe("enquiry-form block", () => {
  it("renders the form inline under an h2 with the picker, contact fields, extras, privacy wording and 'Submit Form'", () => {
    const out = html(
      {},
      {
        forms: {
          categories: ["General Enquiry", "Careers Enquiry"],
          enquiryExtras: { finance: true, tradeIn: true, hiddenFieldValue: "x" },
          privacy: { text: "We respect your privacy.", href: "/privacy" },
        },
      },
    );
    expect(out).toMatch(/<h2 id="enquiry-form-heading"[^>]*>Send us an enquiry<\/h2>/);
    expect(out).not.toContain("<h1");
    expect(out).toContain('name="category"');
    expect(out).toContain("Careers Enquiry");
    expect(out).toContain("Choose a dealership");
    expect(out).toContain("North Motors Aspley (Aspley)");
    for (const name of [
      "name",
      "last_name",
      "email",
      "phone",
      "postcode",
      "message",
      "Rego",
      "opt_in",
      "PreferredContactMethod",
      "finance",
      "do-you-have-a-trade-in",
      "company_url",
    ])
      expect(out).toContain(`name="${name}"`);
    expect(out).toContain("Is your car currently under finance?");
    expect(out).toContain("Do you have a trade-in?");
    expect(out).toContain("We respect your privacy.");
    expect(out).toContain('href="/privacy"');
    expect(out).toMatch(/inputMode="numeric"[^>]*maxLength="4"|maxLength="4"[^>]*name="postcode"/);
    expect(out).toContain(">Submit Form<");
  });

  it("uses the site's submit wording and hides the optional fields when asked", () => {
    const out = html(
      { showRego: false, showOptIn: false, showCategory: false, form: "contact" },
      { wording: { submitButton: "Send" }, forms: { categories: ["A"] } },
    );
    expect(out).toContain(">Send<");
    expect(out).not.toContain('name="Rego"');
    expect(out).not.toContain('name="category"');
    expect(out).toContain('data-form="contact"');
  });

  it("button display: '{Enquire} Now' or 'Message Now', with 'Instant Message' where a chat bot is configured and not blocked", () => {
    expect(html({ display: "button" })).toContain(">Enquire Now<");
    expect(html({ display: "button" }, { wording: { enquireButton: "Message" } })).toContain(">Message Now<");
    expect(html({ display: "button" }, { forms: { chatBot: { provider: "livechat" } } })).toContain(">Instant Message<");
    expect(html({ display: "button" }, { forms: { chatBot: { provider: "livechat", blocked: true } } })).not.toContain("Instant Message");
    expect(html({}, { forms: { chatBot: { provider: "livechat", label: "Chat now" } } })).toContain(">Chat now<");
  });

  it("the launcher opens the enquiry dialog with focus on its title", () => {
    render(<>{EnquiryForm({ props: blockProps("enquiry-form", { display: "button" }), data: undefined, dataFailed: false, site: formSite(), slots: {} })}</>);
    fireEvent.click(screen.getByRole("button", { name: "Enquire Now" }));
    const dialog = document.querySelector("dialog")!;
    expect(dialog.open).toBe(true);
    expect(document.activeElement?.tagName).toBe("H2");
    expect(dialog.querySelector('[name="email"]')).not.toBeNull();
  });

  it("openChat announces the request and opens a known widget", () => {
    const call = vi.fn();
    (window as unknown as { LiveChatWidget: unknown }).LiveChatWidget = { call };
    const heard = vi.fn();
    window.addEventListener("dealer:open-chat", heard);
    expect(openChat({ provider: "livechat" })).toBe(true);
    expect(call).toHaveBeenCalledWith("maximize");
    expect(heard).toHaveBeenCalled();
  });
});
