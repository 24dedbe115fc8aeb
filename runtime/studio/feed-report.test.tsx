import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FeedReport } from "../feeds/report";
import { Report } from "./feed-screen";

describe("the feed screen's report", () => {
  it("lists the photos that could not be fetched under their own heading, apart from values read a certain way", () => {
    const report: FeedReport = {
      dealer: "sunshine-chery",
      source: "stock.csv",
      format: "csv",
      dialect: "comma-separated, utf-8",
      startedAt: "2026-11-20T00:00:00.000Z",
      rows: 2,
      accepted: 2,
      rejected: 0,
      hidden: 0,
      markedSold: 0,
      removed: 0,
      published: true,
      photos: { stored: 7, unchanged: 2, keptLastGood: 1, failed: 1 },
      unusedColumns: [],
      issues: [
        { kind: "warning", stocknum: "U8812", photo: 3, message: "Stock No U8812: photo 3 could not be fetched (404), so it is not shown" },
        { kind: "warning", row: 3, stocknum: "U8813", column: "Odometer", value: "12 ks", message: "Stock No U8813: Odometer '12 ks' was read as 12 km" },
      ],
    };
    const html = renderToStaticMarkup(<Report report={report} preview={[]} />);
    const photos = html.slice(html.indexOf("<h3>Photos that could not be fetched</h3>"), html.indexOf("<h3>Values read a certain way</h3>"));
    expect(photos).toContain("Stock No U8812: photo 3 could not be fetched (404), so it is not shown");
    expect(photos).not.toContain("U8813");
    expect(html.slice(html.indexOf("<h3>Values read a certain way</h3>"))).toContain("Row 3: Stock No U8813");
    expect(html).toContain("Photos copied to the site: 9");
    expect(html).toContain("Photos that could not be fetched: 2");
    expect(html).toContain("photos: 7 fetched, 2 unchanged, 1 kept from before, 1 could not be fetched");
  });
});
