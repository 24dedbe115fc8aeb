import { describe, expect, it } from "vitest";
import { loadObject, minimalManifest, ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { blockWithin } from "./block-within";

const vehiclePage = (sections: Record<string, unknown>[] = [{ type: "vehicle-features", props: {} }]) => ({
  type: "vehicle-page",
  props: {},
  slots: { gallery: [{ type: "vehicle-viewer", props: {} }], sidebar: [{ type: "vehicle-sidebar", props: {} }], sections },
});
const check = (edit: (m: Record<string, any>) => void) => blockWithin.check(ruleContext(schemaValidManifest(edit)));

describe("rule block-within", () => {
  it("accepts section blocks in the slots of a vehicle page", () => {
    expect(check((m) => (m.routes["/cars/[slug]"].blocks = [vehiclePage()]))).toEqual([]);
  });

  it("accepts a part nested deeper inside the vehicle page", () => {
    expect(
      check(
        (m) =>
          (m.routes["/cars/[slug]"].blocks = [
            vehiclePage([{ type: "rich-text", props: { content: [] }, slots: { inner: [{ type: "vehicle-features", props: {} }] } }]),
          ]),
      ),
    ).toEqual([]);
  });

  it("refuses a section on a page without a vehicle page, pointing at the block", () => {
    expect(
      check(
        (m) =>
          (m.routes["/"].blocks = [
            { type: "rich-text", props: { content: [] } },
            { type: "vehicle-features", props: {} },
          ]),
      ),
    ).toEqual([
      {
        pointer: "/routes/~1/blocks/1",
        message: "block 'vehicle-features' belongs inside a 'vehicle-page' block",
        hint: "move it into one of the slots of the page's 'vehicle-page' block, or remove it",
      },
    ]);
  });

  it("refuses a section next to the vehicle page instead of inside it, and one in the layout", () => {
    const problems = check((m) => {
      m.routes["/cars/[slug]"].blocks = [vehiclePage(), { type: "vehicle-similar-cars", props: {} }];
      m.layout = { footer: [{ type: "vehicle-blogs" }] };
    });
    expect(problems.map((p) => p.pointer)).toEqual(["/layout/footer/0", "/routes/~1cars~1[slug]/blocks/1"]);
  });

  it("refuses a section in the slot of another block", () => {
    const problems = check(
      (m) => (m.routes["/"].blocks = [{ type: "rich-text", props: { content: [] }, slots: { side: [{ type: "vehicle-sidebar", props: {} }] } }]),
    );
    expect(problems).toEqual([
      expect.objectContaining({ pointer: "/routes/~1/blocks/0/slots/side/0", message: "block 'vehicle-sidebar' belongs inside a 'vehicle-page' block" }),
    ]);
  });

  it("is reported by loadManifest at the block's line", () => {
    const m = minimalManifest();
    m.routes["/about-us"].blocks = [{ type: "vehicle-key-information", props: {} }];
    const result = loadObject(m);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = JSON.stringify(m, null, 2).split("\n");
    const line = text.findIndex((l) => l.includes('"vehicle-key-information"'));
    expect(result.problems).toEqual([
      expect.objectContaining({
        source: "block-within",
        pointer: "/routes/~1about-us/blocks/0",
        line,
        message: "block 'vehicle-key-information' belongs inside a 'vehicle-page' block",
      }),
    ]);
  });
});
