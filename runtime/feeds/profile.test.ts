import { describe, expect, it } from "vitest";
import { resolveStockFeed } from "./profile";

describe("resolveStockFeed", () => {
  it("fills the schema's defaults into a profile that names only its source", () => {
    const p = resolveStockFeed({ source: { inboxFile: "stock.csv" } });
    expect(p.format).toBe("auto");
    expect(p.csv).toEqual({ delimiter: "auto", encoding: "auto" });
    // No price type is assumed: a price is advertised as drive away only as the dealer says.
    expect(p.transforms).toEqual({ photoSeparator: "auto", dateOrder: "dmy", carType: "used", itemType: "car" });
    expect(p.columns).toEqual({});
    expect(p.rejectLimitPercent).toBe(50);
  });

  it("refuses an http address, a source with both a url and a file, and an unknown field", () => {
    expect(() => resolveStockFeed({ source: { url: "http://dms.example.com/stock.csv" } })).toThrow(/url/);
    expect(() => resolveStockFeed({ source: { url: "https://dms.example.com/s.csv", inboxFile: "s.csv" } })).toThrow(/source/);
    expect(() => resolveStockFeed({ source: { inboxFile: "../other-dealer/stock.csv" } })).toThrow(/inboxFile/);
    expect(() => resolveStockFeed({ source: { inboxFile: "s.csv" }, columns: { "Stock No": "objectID" as never } })).toThrow(/columns/);
  });
});
