import { describe, expect, it, vi } from "vitest";
import { pushCalculatorEvent, FINANCE_CALCULATOR_EVENT } from "./analytics";

describe("pushCalculatorEvent", () => {
  it("pushes {event: 'finance_calculator', event_id: 26} to a dataLayer", () => {
    const dataLayer: unknown[] = [];
    expect(pushCalculatorEvent({ dataLayer })).toBe(true);
    expect(dataLayer).toEqual([{ event: "finance_calculator", event_id: 26 }]);
    expect(FINANCE_CALCULATOR_EVENT.event_id).toBe(26);
  });
  it("does nothing without a dataLayer (or outside a browser)", () => {
    expect(pushCalculatorEvent({})).toBe(false);
    expect(pushCalculatorEvent({ dataLayer: "nope" })).toBe(false);
    expect(pushCalculatorEvent(undefined)).toBe(false);
  });
  it("turns a failing push into a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(
      pushCalculatorEvent({
        dataLayer: {
          push: () => {
            throw new Error("blocked by extension");
          },
        },
      }),
    ).toBe(false);
    expect(warn).toHaveBeenCalledWith("[finance-calculator] analytics event 26 failed: blocked by extension");
    warn.mockRestore();
  });
});
