// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import type { KeyboardEvent } from "react";
import type { UseEmblaCarouselType } from "embla-carousel-react";
import { nearestSnap, useCarouselSteps } from "./carousel-steps";

function fakeEmbla() {
  return { scrollPrev: vi.fn(), scrollNext: vi.fn() };
}

function key(name: string) {
  return { key: name, preventDefault: vi.fn() } as unknown as KeyboardEvent<HTMLElement> & { preventDefault: ReturnType<typeof vi.fn> };
}

describe("useCarouselSteps", () => {
  it("steps back and forward with the buttons and the arrow keys, and keeps the arrow keys from scrolling the page", () => {
    const embla = fakeEmbla();
    const { result } = renderHook(() => useCarouselSteps(embla as unknown as UseEmblaCarouselType[1]));
    result.current.go("next");
    result.current.go("prev");
    const left = key("ArrowLeft");
    const right = key("ArrowRight");
    result.current.onKeyDown(left);
    result.current.onKeyDown(right);
    expect(embla.scrollNext).toHaveBeenCalledTimes(2);
    expect(embla.scrollPrev).toHaveBeenCalledTimes(2);
    expect(left.preventDefault).toHaveBeenCalled();
    expect(right.preventDefault).toHaveBeenCalled();
  });

  it("leaves other keys alone, and does nothing before embla is live", () => {
    const embla = fakeEmbla();
    const { result } = renderHook(() => useCarouselSteps(embla as unknown as UseEmblaCarouselType[1]));
    const tab = key("Tab");
    result.current.onKeyDown(tab);
    expect(tab.preventDefault).not.toHaveBeenCalled();
    expect(embla.scrollNext).not.toHaveBeenCalled();
    const idle = renderHook(() => useCarouselSteps(undefined));
    expect(() => idle.result.current.go("next")).not.toThrow();
  });
});

describe("nearestSnap", () => {
  it("picks the snap nearest a native scroll position, the first when there is one", () => {
    const snaps = [0, 0.25, 0.5, 0.75, 1];
    expect(nearestSnap(0, snaps)).toBe(0);
    expect(nearestSnap(0.3, snaps)).toBe(1);
    expect(nearestSnap(0.62, snaps)).toBe(2);
    expect(nearestSnap(0.99, snaps)).toBe(4);
    expect(nearestSnap(0.7, [0])).toBe(0);
  });
});
