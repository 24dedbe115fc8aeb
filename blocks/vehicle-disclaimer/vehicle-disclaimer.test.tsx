import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import { HistoryReportLink } from "./client/HistoryReportLink";
import block from "./index";

const props = { text: "Check the details with us.", historyReportLabel: "View History Report" };

describe("vehicle-disclaimer block", () => {
  it("shows the dealer's disclaimer on every vehicle page", async () => {
    expect(await renderBlock(block, { props, car: testCar() })).toContain('data-testid="vehicle-disclaimer">Check the details with us.</p>');
    expect(await renderBlock(block, { props, car: null })).toBe("");
  });
  it("links the car's history report when it has a web address, and nothing else", async () => {
    const out = await renderBlock(block, { props, car: testCar({ file: "https://reports.example/r/123.pdf" }) });
    expect(out).toMatch(/<a href="https:\/\/reports.example\/r\/123.pdf"[^>]*target="_blank"[^>]*>View History Report/);
    expect(await renderBlock(block, { props, car: testCar({ file: "javascript:alert(1)" }) })).not.toContain("History Report");
    expect(await renderBlock(block, { props, car: testCar() })).not.toContain("History Report");
  });
  it("sends analytics event 60 when the report is opened", () => {
    const host = { dataLayer: [] as unknown[] };
    vi.stubGlobal("window", host);
    const link = HistoryReportLink({ href: "https://r.example/1", carId: 7, children: "View" });
    (link.props as { onClick: () => void }).onClick();
    expect(host.dataLayer).toEqual([{ car_id: 7, event: "history_report", event_id: 60 }]);
    vi.unstubAllGlobals();
    expect(renderToStaticMarkup(link)).toContain("opens in a new tab");
  });
});
