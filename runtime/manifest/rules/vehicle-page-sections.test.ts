import { describe, expect, it } from "vitest";
import { loadedMinimalManifest, loadObject, minimalManifest, ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { vehiclePageSections } from "./vehicle-page-sections";

const tree = () => ({
  type: "vehicle-page",
  props: {},
  slots: {
    gallery: [{ type: "vehicle-viewer", props: {} }],
    sidebar: [{ type: "vehicle-sidebar", props: { buttons: [{ action: "enquire" }, { action: "finance", flag: "finance" }, { action: "call" }] } }],
    sections: [
      { type: "vehicle-key-information", props: {} },
      { type: "vehicle-features", props: {} },
      { type: "vehicle-finance-calculator", props: {} },
      { type: "vehicle-similar-cars", props: {} },
    ],
  },
});
type Tree = ReturnType<typeof tree> & { slots: { sections: { type: string; props: object }[]; sidebar: { type: string; props: { buttons: object[] } }[] } };
const SECTIONS = "/routes/~1cars~1[slug]/blocks/0/slots/sections";
const check = (edit?: (t: Tree) => void) =>
  vehiclePageSections.check(
    ruleContext(
      schemaValidManifest((m) => {
        const t = tree() as Tree;
        edit?.(t);
        m.routes["/cars/[slug]"].blocks = [t];
      }),
    ),
  );

describe("rule vehicle-page-sections", () => {
  it("accepts sections and buttons that each appear once", () => {
    expect(check()).toEqual([]);
  });

  it("accepts a manifest without a vehicle page", () => {
    expect(vehiclePageSections.check(ruleContext(loadedMinimalManifest()))).toEqual([]);
  });

  it("refuses a section listed twice in one vehicle page, pointing at the second", () => {
    expect(check((t) => t.slots.sections.push({ type: "vehicle-features", props: {} }))).toEqual([
      {
        pointer: `${SECTIONS}/4`,
        message: `block 'vehicle-features' appears twice in this vehicle page (first at ${SECTIONS}/1)`,
        hint: "each section may appear once in a vehicle page; remove one",
      },
    ]);
  });

  it("counts every slot of the page, and each repeat once", () => {
    const problems = check((t) => {
      t.slots.sections.push({ type: "vehicle-sidebar", props: {} }, { type: "vehicle-features", props: {} }, { type: "vehicle-features", props: {} });
    });
    expect(problems.map((p) => p.pointer)).toEqual([`${SECTIONS}/4`, `${SECTIONS}/5`, `${SECTIONS}/6`]);
  });

  it("lets two vehicle pages (two routes) each have their sections", () => {
    const problems = vehiclePageSections.check(
      ruleContext(
        schemaValidManifest((m) => {
          m.routes["/cars/[slug]"].blocks = [tree()];
          m.routes["/demo/[slug]"] = { title: "Demo", blocks: [tree()] };
        }),
      ),
    );
    expect(problems).toEqual([]);
  });

  it("refuses a sidebar button listed twice, pointing at the second button", () => {
    const problems = check((t) => t.slots.sidebar[0].props.buttons.push({ action: "enquire" }));
    expect(problems).toEqual([
      expect.objectContaining({
        pointer: "/routes/~1cars~1[slug]/blocks/0/slots/sidebar/0/props/buttons/3",
        message: "sidebar button 'enquire' is listed twice (first at index 0)",
      }),
    ]);
  });

  it("leaves unknown section types to the schema, which suggests the right one", () => {
    const m = minimalManifest();
    const t = tree() as Tree;
    t.slots.sections[0].type = "vehicle-key-informaton";
    m.routes["/cars/[slug]"].blocks = [t];
    const result = loadObject(m);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems[0]).toMatchObject({ source: "schema", pointer: `${SECTIONS}/0/type`, hint: "did you mean 'vehicle-key-information'?" });
  });
});
