// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import {
  calculate,
  calculatorDefaults,
  COMPARISON_RATE_WARNING,
  resolveFinanceSettings,
  SAMPLE_PROVIDERS,
  type FinanceSettingsSource,
} from "@/runtime/finance";
import { ANNOUNCE_DELAY_MS, CalculatorPanel } from "./CalculatorPanel";

const LONG_DISCLAIMER = `${"Repayments are estimates only. ".repeat(10)}The end of the disclaimer.`;

function setup(source: FinanceSettingsSource = { providers: [{ ...SAMPLE_PROVIDERS.standard, disclaimer: LONG_DISCLAIMER }] }, carPrice?: number) {
  const settings = resolveFinanceSettings(source);
  const initial = calculatorDefaults(settings, { carPrice });
  render(<CalculatorPanel settings={settings} initial={initial} carPrice={carPrice} />);
  return { settings, initial };
}
const repayment = () => screen.getByTestId("finance-repayment").textContent;
const priceInput = () => screen.getByLabelText("Purchase price or loan amount") as HTMLInputElement;

beforeEach(() => {
  delete (window as { dataLayer?: unknown }).dataLayer;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("finance calculator panel", () => {
  it("starts from the engine's defaults and shows its repayment and total", () => {
    const { settings, initial } = setup();
    const out = calculate(settings, initial);
    expect(repayment()).toBe(out.display.paymentText);
    expect(screen.getByTestId("finance-total").textContent).toBe(out.display.totalRepaymentsText);
    expect(screen.getByText("Weekly repayment")).toBeTruthy();
    expect(priceInput().value).toBe("30,000");
  });

  it("updates the repayment when inputs change by keyboard", () => {
    setup();
    const before = repayment();
    fireEvent.keyDown(priceInput(), { key: "ArrowUp" });
    expect(priceInput().value).toBe("30,500");
    const afterPrice = repayment();
    expect(afterPrice).not.toBe(before);
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Interest rate (% p.a.)" }), { key: "ArrowUp" });
    const afterRate = repayment();
    expect(Number(afterRate!.replace(/[$,]/g, ""))).toBeGreaterThan(Number(afterPrice!.replace(/[$,]/g, "")));
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Loan term (years)" }), { key: "ArrowUp" });
    expect(Number(repayment()!.replace(/[$,]/g, ""))).toBeLessThan(Number(afterRate!.replace(/[$,]/g, "")));
  });

  it("updates from the sliders too", () => {
    setup();
    const before = repayment();
    fireEvent.change(screen.getByRole("slider", { name: "Deposit or trade-in slider" }), { target: { value: "5000" } });
    expect(repayment()).not.toBe(before);
    expect((screen.getByLabelText("Deposit or trade-in") as HTMLInputElement).value).toBe("5,000");
  });

  it("switches frequency with the radio group, changing the label and figure", () => {
    const { settings, initial } = setup();
    const weekly = repayment();
    const monthly = screen.getByRole("radio", { name: "Monthly" });
    fireEvent.click(monthly);
    expect((monthly as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Monthly repayment")).toBeTruthy();
    expect(repayment()).not.toBe(weekly);
    expect(repayment()).toBe(calculate(settings, { ...initial, frequency: "monthly" }).display.paymentText);
    fireEvent.click(screen.getByRole("radio", { name: "Fortnightly" }));
    expect(repayment()).toBe(calculate(settings, { ...initial, frequency: "fortnightly" }).display.paymentText);
    expect(screen.getByRole("group", { name: "Repayment frequency" })).toBeTruthy();
  });

  it("shows the help text for an out-of-range typed price, and clears it when back in range", () => {
    setup();
    fireEvent.focus(priceInput());
    fireEvent.change(priceInput(), { target: { value: "500" } });
    expect(screen.getByText("Cannot be less than $1,000 or more than $100,000")).toBeTruthy();
    expect(priceInput().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(priceInput(), { target: { value: "150000" } });
    expect(screen.getByText("Cannot be less than $1,000 or more than $100,000")).toBeTruthy();
    fireEvent.change(priceInput(), { target: { value: "40000" } });
    expect(screen.queryByText("Cannot be less than $1,000 or more than $100,000")).toBeNull();
    expect(priceInput().getAttribute("aria-invalid")).toBeNull();
  });

  it("uses the provider's own ranges in the help text", () => {
    setup({ providers: [SAMPLE_PROVIDERS.prime] });
    fireEvent.change(priceInput(), { target: { value: "4000" } });
    expect(screen.getByText("Cannot be less than $5,000 or more than $100,000")).toBeTruthy();
    const rate = screen.getByRole("slider", { name: "Interest rate (% p.a.) slider" }) as HTMLInputElement;
    expect([rate.min, rate.max]).toEqual(["7.5", "14.5"]);
  });

  it("always shows the comparison rate and the warning with the rate", () => {
    setup({ providers: [SAMPLE_PROVIDERS.prime] });
    const check = () => {
      const box = screen.getByTestId("finance-advertised-rate");
      expect(box.textContent).toMatch(/Interest rate \d+\.\d\d% p\.a\. \(comparison rate \d+\.\d\d% p\.a\.\*\)/);
      expect(within(box).getByText(`*${COMPARISON_RATE_WARNING}`)).toBeTruthy();
      expect(screen.getByText(/^Comparison rate \d+\.\d\d% p\.a\.\*$/)).toBeTruthy(); // next to the rate input
    };
    check();
    const text = screen.getByTestId("finance-advertised-rate").textContent;
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Interest rate (% p.a.)" }), { key: "ArrowUp" });
    check();
    expect(screen.getByTestId("finance-advertised-rate").textContent).not.toBe(text);
  });

  it("shows a locked rate as text with its comparison rate, and hides residual when configured", () => {
    setup({ providers: [SAMPLE_PROVIDERS.brand], calculator: { defaults: { rate: 8.5 }, inputs: { rate: { locked: true } } } });
    expect(screen.queryByRole("spinbutton", { name: "Interest rate (% p.a.)" })).toBeNull();
    expect(screen.getByText(/^8\.50% p\.a\. \(comparison rate \d+\.\d\d% p\.a\.\*\)/)).toBeTruthy();
    expect(screen.queryByLabelText("Residual (balloon) payment")).toBeNull();
    expect(screen.getByText(`*${COMPARISON_RATE_WARNING}`)).toBeTruthy();
  });

  it("reads 'Enquire for Finance' with a blank total when the payment is 25 or less", () => {
    setup();
    fireEvent.change(screen.getByLabelText("Deposit or trade-in"), { target: { value: "29500" } });
    expect(repayment()).toBe("Enquire for Finance");
    expect(screen.getByTestId("finance-total").textContent).toBe("");
  });

  it("cuts the disclaimer at 197 characters with Show More / Show Less", () => {
    setup();
    const more = screen.getByRole("button", { name: "Show More" });
    const text = document.getElementById(more.getAttribute("aria-controls")!)!;
    expect(text.textContent).toBe(`${LONG_DISCLAIMER.slice(0, 197).trimEnd()}...`);
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(text.textContent).toBe(LONG_DISCLAIMER);
    const less = screen.getByRole("button", { name: "Show Less" });
    expect(less.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(less);
    expect(text.textContent).toContain("...");
  });

  it("has no toggle when the disclaimer is short", () => {
    setup({ providers: [{ ...SAMPLE_PROVIDERS.standard, disclaimer: "Short." }] });
    expect(screen.getByText("Short.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show More" })).toBeNull();
  });

  it("pushes analytics event 26 once, on the first interaction", () => {
    const dataLayer: unknown[] = [];
    (window as { dataLayer?: unknown }).dataLayer = dataLayer;
    setup();
    expect(dataLayer).toEqual([]);
    fireEvent.keyDown(priceInput(), { key: "ArrowUp" });
    fireEvent.click(screen.getByRole("radio", { name: "Monthly" }));
    expect(dataLayer).toEqual([{ event: "finance_calculator", event_id: 26 }]);
  });

  it("warns and carries on when the analytics push fails, and works without a dataLayer", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    (window as { dataLayer?: unknown }).dataLayer = {
      push: () => {
        throw new Error("blocked");
      },
    };
    setup();
    fireEvent.keyDown(priceInput(), { key: "ArrowUp" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("analytics event 26 failed"));
    expect(priceInput().value).toBe("30,500");
    cleanup();
    delete (window as { dataLayer?: unknown }).dataLayer;
    setup();
    fireEvent.keyDown(priceInput(), { key: "ArrowUp" });
    expect(priceInput().value).toBe("30,500");
  });

  it("announces the repayment politely once changes settle, not on load", () => {
    vi.useFakeTimers();
    setup();
    const live = screen.getByTestId("finance-announcement");
    expect(live.getAttribute("aria-live")).toBe("polite");
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS * 2));
    expect(live.textContent).toBe("");
    fireEvent.click(screen.getByRole("radio", { name: "Monthly" }));
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS - 1));
    expect(live.textContent).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(live.textContent).toBe(`Monthly repayment ${repayment()}, total repayments ${screen.getByTestId("finance-total").textContent}`);
  });

  it("starts from a car's price and lifts the maximum where the provider's car-price rule applies", () => {
    setup({ providers: [SAMPLE_PROVIDERS.brand] }, 200000);
    expect(priceInput().value).toBe("200,000");
    expect(screen.queryByText(/Cannot be less than/)).toBeNull();
    const slider = screen.getByRole("slider", { name: "Purchase price or loan amount slider" }) as HTMLInputElement;
    expect(slider.max).toBe("210000");
  });

  it("opens without an error at a car's price above the provider's maximum, and reaches that price", () => {
    setup({ providers: [SAMPLE_PROVIDERS.standard] }, 139950);
    expect(priceInput().value).toBe("139,950");
    expect(screen.queryByText(/Cannot be less than/)).toBeNull();
    expect(priceInput().getAttribute("aria-invalid")).toBeNull();
    expect(repayment()).toMatch(/^\$[\d,]+\.\d\d$/);
    const slider = screen.getByRole("slider", { name: "Purchase price or loan amount slider" }) as HTMLInputElement;
    expect(slider.max).toBe("139950");
    fireEvent.change(priceInput(), { target: { value: "150000" } });
    expect(screen.getByText("Cannot be less than $1,000 or more than $139,950")).toBeTruthy();
  });
});
