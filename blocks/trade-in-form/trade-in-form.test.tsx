// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { testConfig } from "@/blocks/shared/forms/test-helpers";
import block from "./index";
import { TradeInForm } from "./TradeInForm";
import { TradeInClient } from "./TradeInClient";
import { blockProps } from "@/tests/helpers/block-props";

const ID = "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11";
afterEach(cleanup);
const set = (name: string, value: string) => fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });

const VID = "3f2b1c0a-1111-4222-8333-944455556666";
/** The valuation API as the server answers it: the car's step (an old car's answer at once), then the adjustments' offer. */
function api(offer: unknown, atOnce = false) {
  const calls: Array<{ url: string; body: any; headers: any }> = [];
  const valuation = (result: unknown) => ({ id: VID, step: result ? "offer" : "condition", make: "Toyota", model: "Kluger", year: 2023, kms: 40000, result });
  const impl = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    calls.push({ url, body, headers: init.headers });
    if (url === "/api/valuation" && body.action === "rego") return new Response(JSON.stringify({ vehicle: { make: "Toyota", model: "Kluger", year: 2023 } }));
    if (url === "/api/valuation" && body.action === "vehicle") return new Response(JSON.stringify({ valuation: valuation(atOnce ? offer : null) }));
    if (url === "/api/valuation") return new Response(JSON.stringify({ valuation: valuation(offer) }));
    return new Response(JSON.stringify({ lead_id: ID, lead_status: "Complete", form_completed: true }), { status: 201 });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe("trade-in-form block", () => {
  it("renders the guidance, rego lookup and kilometres; hidden when trade-in is off", () => {
    expect(block.component).toBe(TradeInForm);
    const out = renderToStaticMarkup(
      <>{TradeInForm({ props: blockProps("trade-in-form", { variant: "sell-my-car" }), data: undefined, dataFailed: false, site: formSite(), slots: {} })}</>,
    );
    expect(out).toContain("Online estimates are generally not given for cars over 7 years old or over 100,000 km.");
    expect(out).toContain('name="rego"');
    expect(out).toContain('name="regoState"');
    expect(out).toContain("kms");
    expect(out).toContain('data-form="sell-my-car"');
    expect(
      TradeInForm({
        props: blockProps("trade-in-form"),
        data: undefined,
        dataFailed: false,
        site: formSite({ forms: { tradeIn: { enabled: false } } }),
        slots: {},
      }),
    ).toBeNull();
  });

  it("the guidance states the dealer's own age and kilometre limits", () => {
    const site = formSite({ forms: { tradeIn: { maxAgeYears: 10, maxKms: 150000 } } });
    const out = renderToStaticMarkup(<>{TradeInForm({ props: blockProps("trade-in-form"), data: undefined, dataFailed: false, site, slots: {} })}</>);
    expect(out).toContain("Online estimates are generally not given for cars over 10 years old or over 150,000 km.");
    expect(out).not.toContain("7 years");
  });

  it("rego lookup, adjustments, offer, acceptance: the lead carries the offer and the offerAccepted event fires", async () => {
    const { impl, calls } = api({ status: "offer", offer_price: 30000, range: { low: 28500, high: 31500 } });
    const navigate = vi.fn();
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    render(<TradeInClient config={testConfig()} variant="trade-in" fetchImpl={impl} post={{ fetchImpl: impl }} navigate={navigate} carId="c9" />);
    set("rego", "abc 123");
    set("regoState", "QLD");
    fireEvent.click(screen.getByRole("button", { name: "Look up rego" }));
    await waitFor(() => expect((document.querySelector('[name="Vehicle Model"]') as HTMLInputElement).value).toBe("Kluger"));
    expect(calls[0].body).toEqual({ action: "rego", rego: "ABC123", regoState: "QLD" });
    fireEvent.submit(document.querySelector("form")!);
    expect((await screen.findByTestId("error-warning")).textContent).toContain("Please enter the kilometres as a whole number");
    fireEvent.change(screen.getByLabelText(/Kilometres/), { target: { value: "40000" } });
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(document.querySelector("form")!.getAttribute("data-step")).toBe("2"));
    expect(calls[1].body).toMatchObject({ action: "vehicle", rego: "ABC123", regoState: "QLD", make: "Toyota", model: "Kluger", year: 2023, kms: 40000 });
    // Before JavaScript the same form posts each step to /api/valuation/form.
    expect(document.querySelector("form")!.getAttribute("action")).toBe("/api/valuation/form");
    expect((document.querySelector('input[name="id"]') as HTMLInputElement).value).toBe(VID);
    expect((document.querySelector('input[name="step"]') as HTMLInputElement).value).toBe("condition");
    fireEvent.click(screen.getAllByRole("radio", { name: "Yes" })[0]);
    fireEvent.submit(document.querySelector("form")!);
    await screen.findByText("$30,000");
    expect(calls[2].body).toEqual({ action: "adjustments", id: VID, adjustmentAnswers: { accident: "Yes" } });
    for (const [n, v] of Object.entries({ name: "Jo", email: "jo@example.com", phone: "0412345678", postcode: "4000" })) set(n, v);
    fireEvent.click(screen.getByRole("button", { name: "Accept offer" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/success"));
    // The lead goes through /api/valuation/lead, which takes the offer from the stored valuation.
    expect(calls[3].url).toBe("/api/valuation/lead");
    const lead = calls[3].body;
    expect(lead).toMatchObject({ valuation_id: VID });
    expect(lead).toMatchObject({
      form: "trade-in",
      category: "Trade-In",
      rego: "ABC123",
      regoState: "QLD",
      "Vehicle Year": 2023,
      kms: 40000,
      offer_price: 30000,
      offer_accepted: true,
      car_id: "c9",
      adjustmentAnswers: { accident: "Yes" },
    });
    const layer = (window as unknown as { dataLayer: Array<{ event?: string; event_id: number; offer_price?: number }> }).dataLayer;
    expect(layer.map((e) => e.event_id)).toEqual(expect.arrayContaining([18, 14]));
    expect(layer.find((e) => e.event_id === 18)).toMatchObject({ event: "offer_accepted", lead_id: ID, offer_price: 30000 });
  });

  it("older cars get the guidance and can still send their details", async () => {
    const { impl, calls } = api(
      {
        status: "not-eligible",
        reason: "age",
        message: "Online estimates are generally not given for cars over 7 years old or over 100,000 km.",
      },
      true,
    );
    const navigate = vi.fn();
    render(<TradeInClient config={testConfig()} variant="sell-my-car" fetchImpl={impl} post={{ fetchImpl: impl }} navigate={navigate} />);
    set("Vehicle Make", "Holden");
    set("Vehicle Model", "Commodore");
    set("Vehicle Year", "2012");
    fireEvent.change(screen.getByLabelText(/Kilometres/), { target: { value: "180000" } });
    fireEvent.submit(document.querySelector("form")!);
    // No questions for a car with no online estimate: the guidance straight after the car.
    await screen.findByText("We'll value your car in person");
    expect(document.querySelector("form")!.getAttribute("data-step")).toBe("3");
    expect(screen.queryByRole("button", { name: "Accept offer" })).toBeNull();
    for (const [n, v] of Object.entries({ name: "Jo", email: "jo@example.com", phone: "0412345678", postcode: "4000" })) set(n, v);
    fireEvent.click(screen.getByRole("button", { name: "Submit Form" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls[1].url).toBe("/api/valuation/lead");
    expect(calls[1].body).toMatchObject({ form: "sell-my-car", category: "Sell My Car", kms: 180000, valuation_id: VID, offer_accepted: false });
    expect(calls[1].body.offer_price).toBeUndefined();
  });
});
