import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KNOWN_MAKES, MAKES_WITH_PICTURE, makeMonogram, makePicture } from "../../runtime/brands";
import { slugify } from "../../runtime/slug";
import { makeLogo } from "../../blocks/facet-tiles/domain";

const dir = path.join(process.cwd(), "public/brands");

describe("the known makes", () => {
  it("are about 130, each once (by slug)", () => {
    expect(KNOWN_MAKES.length).toBeGreaterThanOrEqual(120);
    expect(new Set(KNOWN_MAKES.map(slugify)).size).toBe(KNOWN_MAKES.length);
  });

  it("name a picture only where public/brands has it, and every known make's picture there", () => {
    for (const slug of MAKES_WITH_PICTURE) expect(existsSync(path.join(dir, `${slug}.svg`)), slug).toBe(true);
    const known = new Set(KNOWN_MAKES.map(slugify));
    const files = readdirSync(dir).flatMap((f) => (f.endsWith(".svg") ? [f.slice(0, -4)] : []));
    expect(files.filter((f) => known.has(f) && !MAKES_WITH_PICTURE.has(f))).toEqual([]);
    expect([...MAKES_WITH_PICTURE].every((s) => known.has(s))).toBe(true);
  });

  it("give Hyundai and Kia tiles a picture with no brand list in the manifest", () => {
    expect(makeLogo({}, "Hyundai")).toBe("/brands/hyundai.svg");
    expect(makeLogo({}, "Kia")).toBe("/brands/kia.svg");
    expect(makePicture("Alfa Romeo")).toBeUndefined();
  });

  it("prefer the manifest's own brand logo", () => {
    expect(makeLogo({ brands: { car: [{ title: "Kia", slug: "kia", logoSrc: "/dealers/x/kia.png" }] } }, "Kia")).toBe("/dealers/x/kia.png");
  });

  it("show initials for a make without a picture", () => {
    expect(makeMonogram("Alfa Romeo")).toBe("AR");
    expect(makeMonogram("BYD")).toBe("BYD");
    expect(makeMonogram("Rolls-Royce")).toBe("RR");
    expect(makeMonogram("Abarth")).toBe("A");
  });
});
