import { describe, expect, it } from "vitest";
import { loadedMinimalManifest, schemaValidManifest, loadObject, minimalManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { vehiclePageSections } from "./vehicle-page-sections";

const vehiclePage = () => ({
  sections: ["key-information", "features", "finance-calculator", "similar-cars"],
  sidebarButtons: [{ action: "enquire" }, { action: "finance", flag: "finance" }, { action: "call" }],
});
const check = (edit?: (vp: ReturnType<typeof vehiclePage>) => void) =>
  vehiclePageSections.check(ruleContext(schemaValidManifest((m) => { m.vehiclePage = vehiclePage(); edit?.(m.vehiclePage); })));

describe("rule vehicle-page-sections", () => {
  it("accepts sections and buttons that each appear once", () => {
    expect(check()).toEqual([]);
  });

  it("accepts a manifest without vehiclePage", () => {
    expect(vehiclePageSections.check(ruleContext(loadedMinimalManifest()))).toEqual([]);
  });

  it("refuses a section listed twice, pointing at the second entry", () => {
    expect(check((vp) => vp.sections.push("features"))).toEqual([
      { pointer: "/vehiclePage/sections/4", message: "section 'features' is listed twice (first at index 1)", hint: "each entry may appear once; remove one" },
    ]);
  });

  it("refuses a sidebar button listed twice, pointing at the second button", () => {
    const problems = check((vp) => vp.sidebarButtons.push({ action: "enquire" }));
    expect(problems).toEqual([expect.objectContaining({ pointer: "/vehiclePage/sidebarButtons/3", message: "sidebar button 'enquire' is listed twice (first at index 0)" })]);
  });

  it("reports each repeat once per extra occurrence", () => {
    expect(check((vp) => vp.sections.push("features", "features")).map((p) => p.pointer)).toEqual(["/vehiclePage/sections/4", "/vehiclePage/sections/5"]);
  });

  it("leaves unknown section names to the schema", () => {
    const m = minimalManifest();
    m.vehiclePage = { sections: ["key-informaton"] };
    const result = loadObject(m);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatchObject({ source: "schema", pointer: "/vehiclePage/sections/0", hint: "did you mean 'key-information'?" });
  });
});
