// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MESSAGES } from "@/runtime/leads/messages";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { leadsFetch, testConfig } from "@/blocks/shared/forms/test-helpers";
import { PartsOrderForm } from "./PartsOrderForm";
import { PartsOrderClient } from "./PartsOrderClient";
import { blockProps } from "@/tests/helpers/block-props";

const ID = "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11";
const set = (name: string, value: string) => fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The form blocks' shared site, with this test's forms settings. */
const site = (forms: Record<string, unknown> = {}) => formSite({ forms });

describe("parts-order-form", () => {
  it("shows the form, and nothing when the toggle is off", () => {
    const on = renderToStaticMarkup(
      <>{PartsOrderForm({ props: blockProps("parts-order-form"), data: undefined, dataFailed: false, site: site(), slots: {} })}</>,
    );
    expect(on).toMatch(/<h2 id="parts-order-form-heading"[^>]*>Order parts and accessories<\/h2>/);
    expect(on).toContain("Contact Details");
    expect(on).toContain("Step 1 of 3");
    expect(
      PartsOrderForm({ props: blockProps("parts-order-form"), data: undefined, dataFailed: false, site: site({ parts: { enabled: false } }), slots: {} }),
    ).toBeNull();
  });

  it("three steps: the first creates the lead, later steps carry lead_id, the last completes it", async () => {
    const { impl, calls } = leadsFetch([
      { status: 201, body: { lead_id: ID, lead_status: "Incomplete", form_completed: false } },
      { status: 200, body: { lead_id: ID, lead_status: "Incomplete", form_completed: false } },
      { status: 200, body: { lead_id: ID, lead_status: "Complete", form_completed: true } },
    ]);
    const navigate = vi.fn();
    render(<PartsOrderClient config={testConfig()} post={{ fetchImpl: impl }} navigate={navigate} />);
    fireEvent.submit(document.querySelector("form")!);
    const summary = await screen.findByTestId("error-warning");
    expect(summary.textContent).toContain("Please enter your first name");
    expect(summary.textContent).not.toContain("order details");
    set("name", "Jamie");
    set("email", "j@example.com");
    set("phone", "0412345678");
    set("postcode", "4000");
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(document.querySelector("form")!.getAttribute("data-step")).toBe("2"));
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({ form: "parts", category: "Parts", isLastStep: false, name: "Jamie" });
    expect(JSON.parse(String(calls[0].init.body)).lead_id).toBeUndefined();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Step 2 of 3: Vehicle Details"));
    set("Vehicle Make", "Toyota");
    set("Vehicle Year", "2021");
    set("VIN", "abc123");
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(document.querySelector("form")!.getAttribute("data-step")).toBe("3"));
    expect(JSON.parse(String(calls[1].init.body))).toMatchObject({
      lead_id: ID,
      isLastStep: false,
      "Vehicle Make": "Toyota",
      "Vehicle Year": 2021,
      VIN: "ABC123",
    });
    expect(screen.getByRole("button", { name: "Submit Form" })).toBeTruthy();
    fireEvent.submit(document.querySelector("form")!);
    expect((await screen.findByTestId("error-warning")).textContent).toContain("Please enter your order details");
    set("Order Detail", "Floor mats");
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/success"));
    expect(JSON.parse(String(calls[2].init.body))).toMatchObject({ lead_id: ID, isLastStep: true, "Order Detail": "Floor mats" });
    expect(new Set(calls.map((c) => (c.init.headers as Record<string, string>)["idempotency-key"])).size).toBe(3);
  });

  it("a failure without message says 'An unexpected error occured'", async () => {
    const { impl } = leadsFetch([{ status: 500, body: {} }]);
    const alert = vi.fn();
    render(
      <PartsOrderClient
        config={testConfig({ parts: { enabled: true, splitFields: false } })}
        post={{ fetchImpl: impl, retries: 0 }}
        alert={alert}
        navigate={() => {}}
      />,
    );
    set("name", "Jamie");
    set("email", "j@example.com");
    set("phone", "0412345678");
    set("postcode", "4000");
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.unexpected));
    expect(screen.getByRole("alert").textContent).toContain(MESSAGES.unexpected);
  });
});
