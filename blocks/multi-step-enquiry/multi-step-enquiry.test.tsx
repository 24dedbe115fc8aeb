// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { leadsFetch, testConfig } from "@/blocks/shared/forms/test-helpers";
import block from "./index";
import { MultiStepEnquiry } from "./MultiStepEnquiry";
import { MultiStepEnquiryClient } from "./MultiStepEnquiryClient";
import { blockProps } from "@/tests/helpers/block-props";

const ID = "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11";
afterEach(cleanup);
const set = (name: string, value: string) => fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });

describe("multi-step-enquiry block", () => {
  it("renders both steps as one plain form before JavaScript, and step 1 with progress once hydrated", async () => {
    expect(block.component).toBe(MultiStepEnquiry);
    const out = renderToStaticMarkup(
      <>{MultiStepEnquiry({ props: blockProps("multi-step-enquiry"), data: undefined, dataFailed: false, site: formSite(), slots: {} })}</>,
    );
    expect(out).toContain("Step 1 of 2: Your Details");
    expect(out).toContain("Step 2 of 2: Your Enquiry");
    expect(out).toContain('action="/api/leads" method="post"');
    expect(out).toContain('name="message"');
    expect(out).not.toContain(">Next<");
    render(<MultiStepEnquiryClient config={testConfig()} />);
    await waitFor(() => expect(document.querySelector("form")!.getAttribute("data-step")).toBe("1"));
    expect(document.querySelector('[aria-current="step"]')).not.toBeNull();
    expect(document.querySelector('[name="message"]')).toBeNull();
    expect(document.body.textContent).toContain("Next");
  });

  it("creates the lead on step 1 and completes it on step 2", async () => {
    const { impl, calls } = leadsFetch([
      { status: 201, body: { lead_id: ID, lead_status: "Incomplete", form_completed: false } },
      { status: 200, body: { lead_id: ID, lead_status: "Complete", form_completed: true } },
    ]);
    const navigate = vi.fn();
    render(<MultiStepEnquiryClient config={testConfig({ categories: ["General Enquiry", "Service"] })} post={{ fetchImpl: impl }} navigate={navigate} />);
    set("name", "Jo");
    set("email", "jo@example.com");
    set("phone", "0412345678");
    set("postcode", "4000");
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(document.querySelector("form")!.getAttribute("data-step")).toBe("2"));
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({ form: "multi-step-enquiry", isLastStep: false });
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(document.querySelector('[data-testid="error-warning"]')?.textContent).toContain("Please select an enquiry type"));
    set("category", "Service");
    set("message", "Book a service please");
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/success"));
    expect(JSON.parse(String(calls[1].init.body))).toMatchObject({ lead_id: ID, isLastStep: true, category: "Service", message: "Book a service please" });
  });
});
