import { describe, expect, it } from "vitest";
import type { Part } from "@/runtime/generated/types";
import { asked, fitmentText, orderHref, partsQuery, searchParts } from "./domain";

const parts: Part[] = [
  { partNumber: "J68-8200010", name: "Cabin air filter", fitment: [{ make: "Chery", model: "Tiggo 7 Pro", yearFrom: 2021, yearTo: 2025 }] },
  { partNumber: "T19-3501080", name: "Front brake pads", fitment: [{ make: "Chery", model: "Omoda 5", yearFrom: 2022, yearTo: 2025 }] },
  { partNumber: "ACC-UNI-DASHCAM", name: "Dash camera", fitment: [{ make: "Chery" }] },
];

describe("parts search", () => {
  it("reads the GET form", () => {
    expect(partsQuery({ q: " filter ", make: "Chery", year: "2023" })).toEqual({ q: "filter", make: "Chery", model: "", year: 2023 });
    expect(partsQuery({ year: "abc" }).year).toBeNull();
    expect(asked(partsQuery({}))).toBe(false);
  });
  it("finds by words of the name or the part number, with or without punctuation", () => {
    const q = (text: string) => searchParts(parts, partsQuery({ q: text })).map((p) => p.partNumber);
    expect(q("air filter")).toEqual(["J68-8200010"]);
    expect(q("j688200010")).toEqual(["J68-8200010"]);
    expect(q("T19-3501080")).toEqual(["T19-3501080"]);
  });
  it("filters by fitment: make, model (a part for all models fits) and year range", () => {
    const f = (params: Record<string, string>) => searchParts(parts, partsQuery(params)).map((p) => p.partNumber);
    expect(f({ make: "Chery", model: "Tiggo 7 Pro", year: "2022" })).toEqual(["J68-8200010", "ACC-UNI-DASHCAM"]);
    expect(f({ make: "Chery", model: "Tiggo 7 Pro", year: "2019" })).toEqual(["ACC-UNI-DASHCAM"]);
    expect(f({ make: "Toyota" })).toEqual([]);
  });
  it("orders a part on the parts form with its Part# and the vehicle filled in", () => {
    expect(orderHref("/vehicle-parts-and-accessories", parts[0], partsQuery({ make: "Chery", year: "2022" }))).toBe(
      "/vehicle-parts-and-accessories?part=J68-8200010&make=Chery&year=2022#parts-order-form",
    );
    expect(fitmentText(parts[0].fitment[0])).toBe("Chery Tiggo 7 Pro 2021–2025");
    expect(fitmentText(parts[2].fitment[0])).toBe("Chery (all models)");
  });
});
