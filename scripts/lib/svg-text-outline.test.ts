import { describe, expect, it } from "vitest";
import { measureText, nearestWeight, textPath, textPathData, type TextRun } from "./svg-text-outline";

/** The horizontal and vertical extent of path data (every coordinate pair, control points included). */
function extent(d: string): { minX: number; maxX: number; minY: number; maxY: number } {
  const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe("measureText", () => {
  it("measures with Arial's advance widths (Arimo shares them)", () => {
    // Arial Bold advances per 1000 units: S 667, U 722, N 722, H 722, I 278, E 667.
    const arialBold = (667 + 722 + 722 + 667 + 722 + 278 + 722 + 667) / 1000;
    expect(measureText("SUNSHINE", { size: 20, weight: 700 })).toBeCloseTo(arialBold * 20, 1);
    // Regular: "H" 722, "I" 278 in Arial too, but "o" is narrower than in bold.
    expect(measureText("HI", { size: 100 })).toBeCloseTo(100, 0);
    expect(measureText("o", { size: 100, weight: 700 })).toBeGreaterThan(measureText("o", { size: 100, weight: 400 }));
  });

  it("applies the font's kerning", () => {
    const style = { size: 100, weight: 700 };
    expect(measureText("AV", style)).toBeLessThan(measureText("A", style) + measureText("V", style) - 1);
  });

  it("adds letter spacing after each character, as CSS does", () => {
    const plain = measureText("CHERY", { size: 14, weight: 600 });
    expect(measureText("CHERY", { size: 14, weight: 600, letterSpacing: 2 })).toBeCloseTo(plain + 5 * 2, 6);
  });

  it("scales with the font size", () => {
    expect(measureText("Drive away", { size: 44 })).toBeCloseTo(measureText("Drive away", { size: 22 }) * 2, 6);
  });
});

describe("nearestWeight", () => {
  it("picks the nearest shipped weight, the heavier on a tie, bold for anything heavier", () => {
    expect(nearestWeight(100)).toBe(400);
    expect(nearestWeight(400)).toBe(400);
    expect(nearestWeight(550)).toBe(600);
    expect(nearestWeight(620)).toBe(600);
    expect(nearestWeight(800)).toBe(700);
    expect(nearestWeight(900)).toBe(700);
  });
});

describe("textPathData", () => {
  const run: TextRun = { text: "HOH", x: 80, y: 64, size: 16, weight: 700, fill: "#1a1c20" };

  it("puts the baseline at y and the line's start at x", () => {
    const box = extent(textPathData({ ...run, text: "HIH" }));
    expect(box.maxY).toBe(64); // flat letters stand on the baseline
    expect(box.minY).toBeCloseTo(64 - (16 * 1409) / 2048, 1); // the cap height: 1409 of 2048 units, as in Arial
    expect(box.minX).toBeGreaterThan(80); // the left side bearing of H
    expect(box.minX).toBeLessThan(80 + 2);
  });

  it("centres the line on x for the middle anchor and ends it at x for the end anchor", () => {
    const width = measureText(run.text, run);
    expect(textPathData({ ...run, anchor: "middle" })).toBe(textPathData({ ...run, x: run.x - width / 2 }));
    expect(textPathData({ ...run, anchor: "end" })).toBe(textPathData({ ...run, x: run.x - width }));
    const box = extent(textPathData({ ...run, anchor: "middle" }));
    expect((box.minX + box.maxX) / 2).toBeCloseTo(80, 0);
    expect(extent(textPathData({ ...run, anchor: "end" })).maxX).toBeLessThan(80);
    expect(extent(textPathData({ ...run, anchor: "end" })).maxX).toBeGreaterThan(80 - 2);
  });

  it("centres letter-spaced text by its spaced width", () => {
    const spaced = { ...run, letterSpacing: 3, anchor: "middle" as const };
    expect(textPathData(spaced)).toBe(textPathData({ ...spaced, anchor: "start", x: run.x - (measureText(run.text, run) + 9) / 2 }));
  });

  it("draws a heavier weight with different outlines", () => {
    expect(textPathData({ ...run, weight: 400 })).not.toBe(textPathData(run));
    expect(textPathData({ ...run, weight: 800 })).toBe(textPathData(run));
  });

  it("is the same string every time", () => {
    expect(textPathData(run)).toBe(textPathData({ ...run }));
  });

  it("refuses a character the font cannot draw, naming it", () => {
    expect(() => textPathData({ ...run, text: "ЖУК" })).toThrow(/no glyph for "Ж", "У", "К"/);
  });

  it("makes a filled <path> element naming its words", () => {
    expect(textPath(run)).toMatch(/^<path data-text="HOH" fill="#1a1c20" d="M[^"]+"\/>$/);
    expect(textPath({ ...run, text: 'A&B "<' })).toMatch(/^<path data-text="A&amp;B &quot;&lt;" /);
  });
});
