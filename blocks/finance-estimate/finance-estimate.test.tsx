// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { FinanceEstimateProps } from "@/runtime/generated/types";
import {
  COMPARISON_RATE_WARNING,
  financeEstimate,
  formatCurrencyCents,
  resolveFinanceSettings,
  SAMPLE_PROVIDERS,
  type FinanceSettingsSource,
} from "@/runtime/finance";
import { FinanceEstimate } from "./FinanceEstimate";
import { blockProps } from "@/tests/helpers/block-props";
import { blockSite } from "@/tests/helpers/block-site";

afterEach(cleanup);

const finance: FinanceSettingsSource = { providers: [SAMPLE_PROVIDERS.prime] };
const element = (props: FinanceEstimateProps, manifest: Record<string, unknown> = { features: { finance: true }, finance }) => {
  const site = blockSite(manifest);
  return <>{FinanceEstimate({ props: blockProps("finance-estimate", props), data: undefined, dataFailed: false, site, slots: {} })}</>;
};

describe("finance-estimate block", () => {
  it("shows '5 year term, 10.0% deposit', the weekly figure, monthly as weekly × 4.33, and the rate with comparison rate and warning", () => {
    const out = renderToStaticMarkup(element({ price: 32990 }));
    const provider = resolveFinanceSettings(finance).providers[0];
    const est = financeEstimate(32990, provider, { rate: 8.5 })!;
    expect(out).toContain("5 year term, 10.0% deposit");
    expect(out).toContain(`${formatCurrencyCents(est.weekly)} <span`);
    expect(out).toContain(`About ${formatCurrencyCents(est.monthly)} per month`);
    expect(est.monthly).toBeCloseTo(est.weekly * 4.33, 2);
    expect(out).toMatch(/Interest rate 8\.50% p\.a\. \(comparison rate \d+\.\d\d% p\.a\.\*\)/);
    expect(out).toContain(COMPARISON_RATE_WARNING);
    expect(out).toContain("Finance by Prime Motor Finance");
  });

  it("renders nothing without a price, finance settings or the flag", () => {
    expect(renderToStaticMarkup(element({}))).toBe("");
    expect(renderToStaticMarkup(element({ price: 30000 }, { features: { finance: true } }))).toBe("");
    expect(renderToStaticMarkup(element({ price: 30000 }, { features: {}, finance }))).toBe("");
  });

  it("opens the disclaimer in a modal dialog and returns focus to the button on close", () => {
    let modal = false;
    const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    const saved = { showModal: proto.showModal, close: proto.close };
    proto.showModal = function (this: HTMLDialogElement) {
      modal = true;
      this.setAttribute("open", "");
    };
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
    try {
      render(element({ price: 30000 }));
      const button = screen.getByRole("button", { name: "Finance disclaimer" });
      expect(button.getAttribute("aria-haspopup")).toBe("dialog");
      button.focus();
      fireEvent.click(button);
      expect(modal).toBe(true);
      const dialog = screen.getByRole("dialog", { name: "Finance disclaimer" });
      expect(dialog.textContent).toContain(SAMPLE_PROVIDERS.prime.disclaimer);
      expect(dialog.textContent).toContain(COMPARISON_RATE_WARNING);
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
      expect(dialog.hasAttribute("open")).toBe(false);
      expect(document.activeElement).toBe(button);
    } finally {
      Object.assign(proto, saved);
    }
  });
});
