import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const pub = path.join(process.cwd(), "public");

function svgFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return svgFiles(file);
    return entry.name.endsWith(".svg") ? [file] : [];
  });
}

// A picture shown through <img> draws <text> with the viewing machine's fonts, not the page's, so
// it looks different from one machine to the next: its words are outlines (scripts/make-sample-assets.ts).
describe("SVG pictures under public/", () => {
  const files = svgFiles(pub);

  it("exist (the walk found the pictures)", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("hold no <text> and name no font", () => {
    const offenders = files.filter((file) => /<(?:text|tspan|textPath)[\s>/]|font-family|@font-face|\bfont\s*:/i.test(readFileSync(file, "utf8")));
    expect(offenders.map((file) => path.relative(pub, file))).toEqual([]);
  });
});
