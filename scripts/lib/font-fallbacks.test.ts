import { describe, expect, it } from "vitest";
import { fontFallbacks } from "./font-fallbacks";

describe("fontFallbacks", () => {
  const { css, families } = fontFallbacks(["inter", "source-serif-4"]);
  const faceNames = [...css.matchAll(/font-family: "([^"]+)";/g)].map((m) => m[1]);

  it("gives a sans font Arial, its Linux and ChromeOS clones and Android's Roboto, scaled, then sans-serif", () => {
    expect(families.inter).toBe('"inter Fallback: Arial", "inter Fallback: Liberation Sans", "inter Fallback: Arimo", "inter Fallback: Roboto", sans-serif');
    expect(css).toMatch(
      /font-family: "inter Fallback: Liberation Sans";\s*src: local\('Liberation Sans'\), local\('LiberationSans'\);[^}]*size-adjust: 10\d\.\d+%;/,
    );
  });

  it("gives the serif font serif stand-ins and ends its list with serif", () => {
    expect(families["source-serif-4"]).toMatch(/^"source-serif-4 Fallback: Times New Roman", "source-serif-4 Fallback: Liberation Serif", .*, serif$/);
  });

  it("declares every family its lists name, once", () => {
    const listed = Object.values(families).flatMap((list) => [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]));
    expect(faceNames.sort()).toEqual(listed.sort());
  });

  it("refuses a theme font it has no metrics for, by name", () => {
    expect(() => fontFallbacks(["comic-sans"])).toThrow(/'comic-sans'/);
  });
});
