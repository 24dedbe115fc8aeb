import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { blockPointer, markId, PreviewMark, problemsOfBlock, type PreviewContext } from "./preview-overlay";
import type { ManifestProblem } from "../manifest/problems";

const problem = (pointer: string, severity?: "warning"): ManifestProblem => ({
  file: "d.json",
  line: 9,
  column: 5,
  pointer,
  message: "m",
  source: "r",
  severity,
});

describe("preview marks", () => {
  it("maps render keys to manifest pointers (layout, route, slots)", () => {
    expect(blockPointer("header.1", "/")).toBe("/layout/header/1");
    expect(blockPointer("page.0", "/")).toBe("/routes/~1/blocks/0");
    expect(blockPointer("page.0.slots.sections.2", "/cars/[slug]")).toBe("/routes/~1cars~1[slug]/blocks/0/slots/sections/2");
    expect(blockPointer("footer.0", null)).toBe("/layout/footer/0");
  });

  it("gives a block the problems of its own type, flag and props, not those of the blocks in its slots", () => {
    const preview: PreviewContext = {
      name: "d",
      file: "d.json",
      errors: [problem("/routes/~1/blocks/0/type")],
      warnings: [
        problem("/routes/~1/blocks/0/props/ctas/1/href", "warning"),
        problem("/routes/~1/blocks/0/slots/a/0/props/x", "warning"),
        problem("/menus/header/0/href", "warning"),
      ],
    };
    expect(problemsOfBlock(preview, "/routes/~1/blocks/0").map((p) => p.pointer)).toEqual([
      "/routes/~1/blocks/0/type",
      "/routes/~1/blocks/0/props/ctas/1/href",
    ]);
    expect(problemsOfBlock(preview, "/routes/~1/blocks/1")).toEqual([]);
  });

  it("writes a mark as a note with the block type, the reason and each problem's file:line:column", () => {
    const html = renderToStaticMarkup(
      <PreviewMark kind="skipped" type="hero" pointer="/routes/~1/blocks/0" text="the feature 'chat' is off" problems={[problem("/x")]} />,
    );
    expect(html).toContain('aria-label="Preview note: hero block at /routes/~1/blocks/0"');
    expect(html).toContain('data-preview-mark="skipped"');
    expect(html).toContain(`id="${markId("/routes/~1/blocks/0")}"`);
    expect(html).toContain("Block skipped");
    expect(html).toContain("<code>d.json:9:5</code> m");
  });
});
