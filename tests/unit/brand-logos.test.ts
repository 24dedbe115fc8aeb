import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Bold capitals in Arial average about 0.72 of the font size per character: a label estimated
// wider than the picture (less a margin) is cut off at its edges ('NANCE AND INSURANC') unless it
// is fitted with textLength.
const dir = path.join(process.cwd(), "public/brands");

describe("brand logo pictures", () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".svg"))) {
    it(`${file}: its label fits inside the picture`, () => {
      const svg = readFileSync(path.join(dir, file), "utf8");
      const width = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)?.[1]);
      for (const m of svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)) {
        const size = Number(/font-size="([\d.]+)"/.exec(m[1]!)?.[1]);
        const fitted = /textLength="([\d.]+)"/.exec(m[1]!);
        const drawn = fitted ? Number(fitted[1]) : m[2]!.length * size * 0.72;
        expect(drawn, `${file} "${m[2]}"`).toBeLessThanOrEqual(width - 12);
      }
    });
  }
});
