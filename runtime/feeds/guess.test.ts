import { describe, expect, it } from "vitest";
import { guessMapping, similarity } from "./guess";

describe("guessMapping", () => {
  it("maps the issue's DMS header, with confidence, and the price type the price header states", () => {
    const g = guessMapping([
      "Stock No",
      "Rego",
      "VIN",
      "Make",
      "Model",
      "Variant",
      "Yr",
      "Odometer",
      "Drive Away Price",
      "Colour",
      "Trans",
      "Body",
      "Fuel",
      "Type (N/D/U)",
      "Status (In Stock/Sold/Hold)",
      "Photo URLs",
    ]);
    expect(g.columns).toMatchObject({
      "Stock No": "stocknum",
      Yr: "year",
      Odometer: "km",
      "Drive Away Price": "price",
      Variant: "badge",
      "Type (N/D/U)": "car_type",
      "Status (In Stock/Sold/Hold)": "status",
      "Photo URLs": "photos",
    });
    expect(g.priceType).toBe("DAP");
    expect(g.proposals.find((p) => p.column === "Yr")!.confidence).toBe(1);
    const status = g.proposals.find((p) => p.column.startsWith("Status"))!;
    expect(status.confidence).toBeGreaterThan(0.6);
    expect(status.confidence).toBeLessThan(1);
    expect(g.unmapped).toEqual([]);
  });

  it("reads KMs and misspellings, lists what it cannot place, and gives a field to one column only", () => {
    const g = guessMapping(["KMs", "Odomoter", "Stock Number", "Price", "Price inc GST", "Internal Ref Code Z"]);
    expect(g.columns.KMs).toBe("km");
    expect(g.columns["Stock Number"]).toBe("stocknum");
    expect(g.columns.Price).toBe("price");
    expect(g.proposals.find((p) => p.column === "Odomoter")).toMatchObject({ field: null, reason: "'km' is better matched by 'KMs'" });
    expect(g.proposals.find((p) => p.column === "Price inc GST")!.field).toBeNull();
    expect(g.unmapped).toContain("Price inc GST");
    expect(g.priceType).toBeUndefined();
  });

  it("guesses a misspelt header when nothing better holds the field", () => {
    const g = guessMapping(["Odomoter"]);
    expect(g.proposals[0]).toMatchObject({ field: "km", reason: "spelt like 'odometer'" });
    expect(g.proposals[0].confidence).toBeLessThan(0.8);
  });

  it("maps a feed already in Car form field for field", () => {
    expect(guessMapping(["stocknum", "make", "model", "year", "price", "km", "objectID"]).columns).toEqual({
      stocknum: "stocknum",
      make: "make",
      model: "model",
      year: "year",
      price: "price",
      km: "km",
    });
  });

  it("measures similarity by letter pairs", () => {
    expect(similarity("odometer", "odometer")).toBe(1);
    expect(similarity("odomoter", "odometer")).toBeGreaterThan(0.7);
    expect(similarity("price", "colour")).toBeLessThan(0.2);
  });
});
