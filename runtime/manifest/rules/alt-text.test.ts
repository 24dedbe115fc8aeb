import { describe, expect, it } from "vitest";
import { loadObject, minimalManifest } from "../../../tests/helpers/manifest-fixture";

/** Through the real loader, since the rule compares the manifest as written with the one the schema filled in. */
function problems(edit: (m: Record<string, any>) => void) {
  const m = minimalManifest();
  edit(m);
  const r = loadObject(m);
  return r.ok ? [] : r.problems.filter((p) => p.source === "alt-text");
}

const hero = (image: Record<string, unknown>) => (m: Record<string, any>) => {
  m.routes["/"].blocks = [{ type: "hero", props: { heading: "Hi", image } }];
};

describe("rule alt-text", () => {
  it("accepts a picture with alt text, and one marked as decoration with an empty alt", () => {
    expect(problems(hero({ src: "/brands/chery.svg", width: 1600, height: 700, alt: "Our showroom" }))).toEqual([]);
    expect(problems(hero({ src: "/brands/chery.svg", width: 1600, height: 700, alt: "" }))).toEqual([]);
  });

  it("refuses a picture written without alt, at its src", () => {
    const found = problems(hero({ src: "/brands/chery.svg", width: 1600, height: 700 }));
    expect(found.map((p) => [p.pointer, p.message])).toEqual([["/routes/~1/blocks/0/props/image/src", "the picture '/brands/chery.svg' has no alt text"]]);
    expect(found[0].line).toBeGreaterThan(1);
  });

  it("refuses a logo whose alt text is blank, a file name or a placeholder", () => {
    for (const alt of ["  ", "logo.png", "Logo"]) {
      const found = problems((m) => (m.theme.logo.alt = alt));
      expect(
        found.map((p) => p.pointer),
        alt,
      ).toEqual(["/theme/logo/alt"]);
    }
  });
});
