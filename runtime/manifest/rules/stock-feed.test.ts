import { describe, expect, it } from "vitest";
import { schemaValidManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { stockFeed } from "./stock-feed";

const check = (edit: (m: Record<string, any>) => void) => stockFeed.check(ruleContext(schemaValidManifest(edit)));

describe("rule stock-feed", () => {
  it("says nothing of a site without a feed, and accepts a feed of its own dealership and location", () => {
    expect(check(() => {})).toEqual([]);
    expect(check((m) => (m.stockFeed = { source: { inboxFile: "stock.csv" }, dealershipId: 1, locationId: 10, columns: { "Stock No": "stocknum" } }))).toEqual(
      [],
    );
  });

  it("refuses another site's dealership and an unknown location", () => {
    expect(check((m) => (m.stockFeed = { source: { inboxFile: "stock.csv" }, dealershipId: 2, locationId: 99 }))).toEqual([
      { pointer: "/stockFeed/dealershipId", message: "dealership 2 is not one of this site's dealerships", hint: "listed: 1" },
      { pointer: "/stockFeed/locationId", message: "location 99 is not one of this site's locations" },
    ]);
  });

  it("refuses a location by condition that is not the site's own", () => {
    expect(check((m) => (m.stockFeed = { source: { inboxFile: "stock.csv" }, locationByType: { used: 98 } }))).toEqual([
      { pointer: "/stockFeed/locationByType/used", message: "location 98 is not one of this site's locations" },
    ]);
  });

  it("refuses two columns mapped to one field, naming both", () => {
    expect(
      check((m) => (m.stockFeed = { source: { inboxFile: "s.csv" }, columns: { Price: "price", "Drive/Away": "price", Notes: "ignore", Misc: "ignore" } })),
    ).toEqual([
      { pointer: "/stockFeed/columns/Drive~1Away", message: "columns 'Price' and 'Drive/Away' are both mapped to price", hint: "map one of them to ignore" },
    ]);
  });
});
