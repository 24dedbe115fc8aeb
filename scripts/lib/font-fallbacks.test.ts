import { describe, expect, it } from "vitest";
import { fontFallbacks } from "./font-fallbacks";

describe("fontFallbacks", () => {
  const { css, families } = fontFallbacks(["inter", "source-serif-4"]);
  const faceNames = [...css.matchAll(/font-family: "([^"]+)";/g)].map((m) => m[1]);

  it("gives a sans font Arial, its Linux and ChromeOS clones, Android's Roboto and DejaVu, scaled, then sans-serif", () => {
    expect(families.inter).toBe(
      '"inter Fallback: Arial", "inter Fallback: Liberation Sans", "inter Fallback: Arimo", "inter Fallback: Roboto", "inter Fallback: DejaVu Sans", sans-serif',
    );
    expect(css).toMatch(
      /font-family: "inter Fallback: Liberation Sans";\s*src: local\('Liberation Sans'\), local\('LiberationSans'\);[^}]*size-adjust: 10\d\.\d+%;/,
    );
  });

  it("scales DejaVu down to the brand font, a Linux machine without the Liberation fonts", () => {
    // DejaVu Sans is about 14% wider than Arimo: unscaled, paragraphs took an extra line until the brand font came.
    const arimoFallbacks = fontFallbacks(["arimo"]).css;
    const dejaVu = /font-family: "arimo Fallback: DejaVu Sans";\s*src: local\('DejaVu Sans'\), local\('DejaVuSans'\);[^}]*size-adjust: (\d+\.\d+)%;/.exec(
      arimoFallbacks,
    );
    expect(dejaVu).not.toBeNull();
    expect(Number(dejaVu![1])).toBeGreaterThan(85);
    expect(Number(dejaVu![1])).toBeLessThan(90);
    expect(families["source-serif-4"]).toContain('"source-serif-4 Fallback: DejaVu Serif", serif');
  });

  it("gives the serif font serif stand-ins and ends its list with serif", () => {
    expect(families["source-serif-4"]).toMatch(/^"source-serif-4 Fallback: Times New Roman", "source-serif-4 Fallback: Liberation Serif", .*, serif$/);
  });

  it("declares every family its lists name, once regular and once bold", () => {
    const listed = Object.values(families).flatMap((list) => [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]));
    expect(faceNames.sort()).toEqual([...listed, ...listed].sort());
    const boldNames = [...css.matchAll(/font-family: "([^"]+)";\s*src: [^;]+;\s*font-weight: 700;/g)].map((m) => m[1]);
    expect(boldNames.sort()).toEqual(listed.sort());
  });

  it("gives each stand-in its own bold face, scaled like its regular one, so bold text keeps its width", () => {
    // Without it the browser bolds the regular face at the regular widths, 5-8% narrower than the
    // brand font's bold: a line of bold text fit in the stand-in and wrapped when the font came.
    const arimo = fontFallbacks(["arimo"]).css;
    const face = (src: string) => new RegExp(`font-family: "arimo Fallback: Arial";\\s*src: ${src};([^}]*)}`).exec(arimo)?.[1];
    const regular = face("local\\('Arial'\\), local\\('ArialMT'\\)");
    const bold = face("local\\('Arial Bold'\\), local\\('Arial-BoldMT'\\)");
    expect(regular).toBeDefined();
    expect(bold).toContain("font-weight: 700;");
    expect(bold!.replace("  font-weight: 700;\n", "")).toBe(regular);
    expect(arimo).toMatch(/font-family: "arimo Fallback: DejaVu Sans";\s*src: local\('DejaVu Sans Bold'\), local\('DejaVuSans-Bold'\);\s*font-weight: 700;/);
  });

  it("refuses a theme font it has no metrics for, by name", () => {
    expect(() => fontFallbacks(["comic-sans"])).toThrow(/'comic-sans'/);
  });
});
