// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import type { KeyboardEvent } from "react";
import type { UseEmblaCarouselType } from "embla-carousel-react";
import { useCarouselSteps } from "./carousel-steps";

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
