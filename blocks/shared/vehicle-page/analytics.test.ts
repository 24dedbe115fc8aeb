import { describe, expect, it, vi } from "vitest";
import { trackEvent } from "@/runtime/analytics";

// The analytics sink every vehicle page block pushes its events to (the vehicle page block's analyticsSink).

describe("analytics", () => {
  it("pushes the event with its id to the named sink, creating the default dataLayer", () => {
    const host: Record<string, unknown> = {};
    expect(trackEvent("calculator", { calculator: "fuel" }, undefined, host)).toBe(true);
    expect(host.dataLayer).toEqual([{ calculator: "fuel", event: "calculator_use", event_id: 26 }]);
    const custom: unknown[] = [];
    expect(trackEvent("print", {}, "myLayer", { myLayer: custom })).toBe(true);
    expect(custom).toEqual([{ event: "print", event_id: 61 }]);
  });
  it("uses the spec's event ids", () => {
    const host: Record<string, unknown> = {};
    for (const name of ["historyReport", "favourite", "usedCarView", "searchPageView"] as const) trackEvent(name, {}, "dataLayer", host);
    expect((host.dataLayer as { event_id: number }[]).map((e) => e.event_id)).toEqual([60, 39, 4, 49]);
  });
  it("warns and carries on when the sink is missing or throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(trackEvent("save", {}, "missingLayer", {})).toBe(false);
    expect(
      trackEvent("phoneClick", {}, "dataLayer", {
        dataLayer: {
          push: () => {
            throw new Error("blocked");
          },
        },
      }),
    ).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
