// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { leadsFetch } from "@/blocks/shared/forms/test-helpers";
import type { EnquiryFormProps } from "@/runtime/generated/types";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { EnquiryForm } from "./EnquiryForm";
import { openChat } from "./chat";
import { paintsFirst } from "@/runtime/render/paint-first";
import { blockProps } from "@/tests/helpers/block-props";

const html = (props: EnquiryFormProps = {}, manifest: Record<string, unknown> = {}) =>
  renderToStaticMarkup(
    <>{EnquiryForm({ props: blockProps("enquiry-form", props), data: undefined, dataFailed: false, site: formSite(manifest), slots: {} })}</>,
  );
afterEach(cleanup);
// A cap on waiting for the form's next state (validation and the answer are asynchronous): it bounds a hang on a loaded machine, it measures nothing.
const SLOW = { timeout: 15_000 };

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
    fireEvent.click(screen.getByRole("link", { name: "Enquire Now" }));
    const dialog = document.querySelector("dialog")!;
    expect(dialog.open).toBe(true);
    expect(document.activeElement?.tagName).toBe("H2");
    expect(dialog.querySelector('[name="email"]')).not.toBeNull();
  });

  it("before its code the launcher is a link to the contact page's enquiry form, so the page can paint before its scripts", () => {
    const withContact = { routes: { "/contact": { title: "Contact", blocks: [] } } };
    expect(html({ display: "button" }, withContact)).toMatch(/<a href="\/contact#enquiry-form" class="button [^"]*" aria-haspopup="dialog">Enquire Now<\/a>/);
    expect(paintsFirst({ blocks: [{ type: "enquiry-form" }] })).toBe(true);
  });

  it("the chat action is a link to the enquiry form: this page's inline, else the contact page's", () => {
    expect(html({}, { forms: { chatBot: { provider: "livechat" } } })).toMatch(
      /<a href="#enquiry-form" class="button button--outline"[^>]*>Instant Message<\/a>/,
    );
    const withContact = { forms: { chatBot: { provider: "livechat" } }, routes: { "/contact": { title: "Contact", blocks: [] } } };
    expect(html({ display: "button" }, withContact)).toMatch(/<a href="\/contact#enquiry-form"[^>]*>Instant Message<\/a>/);
    expect(html({ display: "button", anchor: "ask" }, { forms: { chatBot: { provider: "livechat" } } })).toMatch(/<a href="#ask"[^>]*>Instant Message/);
  });

  it("with no chat script on the page, the chat action opens the enquiry dialog (button display)", () => {
    delete (window as unknown as { LiveChatWidget?: unknown }).LiveChatWidget;
    const site = formSite({ forms: { chatBot: { provider: "livechat" } } });
    render(<>{EnquiryForm({ props: blockProps("enquiry-form", { display: "button" }), data: undefined, dataFailed: false, site, slots: {} })}</>);
    const link = screen.getByRole("link", { name: "Instant Message" });
    expect(fireEvent.click(link)).toBe(false); // the link's own navigation is replaced by the dialog
    expect(document.querySelector("dialog")!.open).toBe(true);
    expect(document.activeElement?.tagName).toBe("H2");
  });

  it("with no chat script on the page, the inline form's chat action takes the shopper to the form's first field", () => {
    delete (window as unknown as { LiveChatWidget?: unknown }).LiveChatWidget;
    const site = formSite({ forms: { chatBot: { provider: "livechat" } } });
    render(<>{EnquiryForm({ props: blockProps("enquiry-form", {}), data: undefined, dataFailed: false, site, slots: {} })}</>);
    fireEvent.click(screen.getByRole("link", { name: "Instant Message" }));
    const form = document.querySelector("#enquiry-form form")!;
    expect(form.contains(document.activeElement)).toBe(true);
    expect(["INPUT", "SELECT", "TEXTAREA"]).toContain(document.activeElement?.tagName);
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("an integration that opens its own chat claims the request, and the form stays where it is", () => {
    delete (window as unknown as { LiveChatWidget?: unknown }).LiveChatWidget;
    const claim = (e: Event) => e.preventDefault();
    window.addEventListener("dealer:open-chat", claim);
    try {
      expect(openChat({ provider: "custom" })).toBe(true);
      const site = formSite({ forms: { chatBot: { provider: "custom" } } });
      render(<>{EnquiryForm({ props: blockProps("enquiry-form", { display: "button" }), data: undefined, dataFailed: false, site, slots: {} })}</>);
      fireEvent.click(screen.getByRole("link", { name: "Instant Message" }));
      expect(document.querySelector("dialog")!.open).toBe(false);
    } finally {
      window.removeEventListener("dealer:open-chat", claim);
    }
    expect(openChat({ provider: "custom" })).toBe(false);
  });

  it("forms.enquiryExtras.multiStep: the form asks in two steps, Next checks the details, Back keeps them, the last step completes the lead", async () => {
    const { impl, calls } = leadsFetch([
      { status: 201, body: { lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11", lead_status: "Incomplete", form_completed: false } },
      { status: 200, body: { lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11", lead_status: "Complete", form_completed: true } },
    ]);
    vi.stubGlobal("fetch", impl);
    try {
      const manifest = { forms: { enquiryExtras: { multiStep: true, finance: true, tradeIn: true } } };
      // Before JavaScript both steps are one plain form with one submit.
      const whole = html({}, manifest);
      expect(whole).toContain("Step 1 of 2: Your Details");
      expect(whole).toContain("Step 2 of 2: Your Enquiry");
      expect(whole).toContain('name="message"');
      expect(whole).toContain('method="post"');
      expect(whole).not.toContain(">Next<");
      render(<>{EnquiryForm({ props: blockProps("enquiry-form", {}), data: undefined, dataFailed: false, site: formSite(manifest), slots: {} })}</>);
      const form = () => document.querySelector("#enquiry-form form")!;
      const set = (name: string, value: string) => fireEvent.change(form().querySelector(`[name="${name}"]`)!, { target: { value } });
      // Next with nothing filled in stays on the details, with the errors listed.
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      await waitFor(() => expect(document.querySelector('[data-testid="error-warning"]')).not.toBeNull(), SLOW);
      expect(form().getAttribute("data-step")).toBe("1");
      expect(calls).toHaveLength(0);
      set("name", "Jo");
      set("email", "jo@example.com");
      set("phone", "0412345678");
      set("postcode", "4000");
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      await waitFor(() => expect(form().getAttribute("data-step")).toBe("2"), SLOW);
      // The heading takes focus in an effect after the step has rendered, not in the same commit.
      await waitFor(() => expect(document.activeElement?.textContent).toBe("Step 2 of 2: Your Enquiry"), SLOW);
      expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ form: "multi-step-enquiry", isLastStep: false, email: "jo@example.com" });
      // The enquiry step asks the site's extras and the block's optional fields.
      expect(screen.getByText("Is your car currently under finance?")).toBeTruthy();
      expect(form().querySelector('[name="Rego"]')).not.toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Back" }));
      await waitFor(() => expect(form().getAttribute("data-step")).toBe("1"), SLOW);
      expect((form().querySelector('[name="email"]') as HTMLInputElement).value).toBe("jo@example.com");
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
      await waitFor(() => expect(form().getAttribute("data-step")).toBe("2"), SLOW);
      set("location_id", "11");
      set("message", "Is the caravan still available?");
      set("Rego", "ABC123");
      fireEvent.click(screen.getByRole("button", { name: "Submit Form" }));
      await waitFor(() => expect(calls.some((c) => JSON.parse(String(c.init.body)).isLastStep === true)).toBe(true), SLOW);
      const last = JSON.parse(String(calls.at(-1)!.init.body));
      expect(last).toMatchObject({
        lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11",
        message: "Is the caravan still available?",
        Rego: "ABC123",
        source: "website",
      });
    } finally {
      vi.unstubAllGlobals();
    }
  }, 60_000);

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
