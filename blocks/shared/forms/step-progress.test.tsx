import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { StepProgress } from "./StepProgress";

const TITLES = ["Your car", "Condition", "Your offer"];

describe("StepProgress", () => {
  it("numbers the steps and marks the current one for assistive technology", () => {
    const out = renderToStaticMarkup(<StepProgress titles={TITLES} current={1} />);
    expect(out).toMatch(/^<ol class="[^"]*" aria-label="Progress">/);
    expect(out.match(/aria-current="step"/g)).toHaveLength(1);
    expect(out).toMatch(/aria-current="step"><span[^>]*aria-hidden="true">2<\/span><span>Condition<\/span>/);
    expect(out).not.toContain("(completed)");
  });
  it("says '(completed)' after each done step when asked", () => {
    const out = renderToStaticMarkup(<StepProgress titles={TITLES} current={2} sayDone />);
    expect(out.match(/ \(completed\)/g)).toHaveLength(2);
    expect(out).toContain("<span>Your offer</span>");
  });
});
