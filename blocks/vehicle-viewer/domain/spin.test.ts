import { describe, expect, it } from "vitest";
import { autoRotateStep, dragFrame, framesToFetch, hotspotsAt, stepFrame } from "./spin";

describe("360 spin", () => {
  it("steps and wraps both ways", () => {
    expect(stepFrame(35, 1, 36)).toBe(0);
    expect(stepFrame(0, -1, 36)).toBe(35);
    expect(stepFrame(0, 0, 0)).toBe(0);
  });
  it("moves one frame per 20 px of drag", () => {
    expect(dragFrame(10, 19, 36)).toBe(10);
    expect(dragFrame(10, 20, 36)).toBe(9);
    expect(dragFrame(10, -40, 36)).toBe(12);
    expect(dragFrame(0, 20, 36)).toBe(35);
  });
  it("shows the hotspots with a position for the frame", () => {
    const hs = [
      { id: "a", positions: [{ angle: 3, x: 1, y: 2 }] },
      { id: "b", positions: [{ angle: 4, x: 5, y: 6 }] },
    ];
    expect(hotspotsAt(hs, 3).map((h) => h.hotspot.id)).toEqual(["a"]);
    expect(hotspotsAt(undefined, 3)).toEqual([]);
  });
});

describe("360 spin fetching", () => {
  it("fetches the shown frame and the next four, wrapping past the last, skipping fetched ones", () => {
    expect(framesToFetch(0, 36, new Set())).toEqual([0, 1, 2, 3, 4]);
    expect(framesToFetch(34, 36, new Set([34, 35]))).toEqual([0, 1, 2]);
    expect(framesToFetch(0, 3, new Set())).toEqual([0, 1, 2]);
    expect(framesToFetch(5, 36, new Set([5, 6, 7, 8, 9]))).toEqual([]);
  });

  it("auto-rotation moves on only to a frame that has loaded, and waits otherwise", () => {
    expect(autoRotateStep(0, 36, new Set([1]))).toBe(1);
    expect(autoRotateStep(0, 36, new Set([2]))).toBe(0);
    expect(autoRotateStep(35, 36, new Set([0]))).toBe(0);
  });
});
