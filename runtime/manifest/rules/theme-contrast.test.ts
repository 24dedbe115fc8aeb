import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { contrastRatio, themeContrast } from "./theme-contrast";

const check = (colors: Record<string, string>) => themeContrast.check(ruleContext(schemaValidManifest((m) => Object.assign(m.theme.colors, colors))));

describe("rule theme-contrast", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("accepts the fixture's theme (dark red with white text, the default greys)", () => {
    expect(check({})).toEqual([]);
  });

  it("refuses white text on a yellow brand colour, at the text colour, with the ratio", () => {
    const problems = check({ primary: "#ffd200", primaryContrast: "#ffffff" });
    expect(problems.map((p) => p.pointer)).toContain("/theme/colors/primaryContrast");
    const p = problems.find((x) => x.pointer === "/theme/colors/primaryContrast")!;
    expect(p.message).toMatch(/^primaryContrast #ffffff on primary #ffd200 .* has contrast 1\.\d\d:1; at least 4\.5:1/);
  });

  it("checks colours left out against what the site uses instead (the footer's default dark grey)", () => {
    const problems = check({ footerText: "#333333" });
    expect(problems.map((p) => p.pointer)).toEqual(["/theme/colors/footerText"]);
  });

  it("points at the background when only the background was written", () => {
    const problems = check({ headerBackground: "#222222" });
    expect(problems.map((p) => p.pointer)).toEqual(["/theme/colors/headerBackground"]);
  });
});
