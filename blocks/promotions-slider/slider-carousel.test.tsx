// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SliderCarousel } from "./SliderCarousel";
import styles from "./promotions-slider.module.css";

const SLIDE = 800;
let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  // jsdom has no layout: give embla a row of 800px slides, and the observers it expects.
  Object.defineProperty(HTMLElement.prototype, "offsetWidth", { configurable: true, get: () => SLIDE });
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", { configurable: true, get: () => 225 });
  Object.defineProperty(HTMLElement.prototype, "offsetLeft", {
    configurable: true,
    get(this: HTMLElement) {
      const siblings = this.parentElement ? Array.from(this.parentElement.children) : [];
      return siblings.length > 1 ? siblings.indexOf(this) * SLIDE : 0;
    },
  });
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce") ? reducedMotion : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const titles = ["Tiggo 7 Pro", "Omoda 5", "Service special"];
function renderCarousel(autoplay = true) {
  return render(
    <section aria-roledescription="carousel" aria-label="Current promotions">
      <SliderCarousel slideTitles={titles} autoplay={autoplay} delayMs={5000} styles={{ ...styles }}>
        {titles.map((t, i) => (
          <div key={t} role="group" aria-roledescription="slide" aria-label={`${i + 1} of 3`}>
            <a href={`/slide-${i}`}>{t}</a>
          </div>
        ))}
      </SliderCarousel>
    </section>,
  );
}
const current = () => screen.getAllByRole("button", { name: /^Slide \d of 3/ }).findIndex((b) => b.getAttribute("aria-current") === "true");

describe("slider carousel (client)", () => {
  it("moves with the next and previous buttons, wrapping around", () => {
    renderCarousel(false);
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(current()).toBe(2);
  });

  it("jumps to a slide from its dot", () => {
    renderCarousel(false);
    fireEvent.click(screen.getByRole("button", { name: "Slide 3 of 3: Service special" }));
    expect(current()).toBe(2);
  });

  it("moves with the arrow keys", () => {
    renderCarousel(false);
    const next = screen.getByRole("button", { name: "Next slide" });
    fireEvent.keyDown(next, { key: "ArrowRight" });
    expect(current()).toBe(1);
    fireEvent.keyDown(next, { key: "ArrowLeft" });
    expect(current()).toBe(0);
  });

  it("autoplays, and the Pause button stops it (WCAG 2.2.2)", () => {
    vi.useFakeTimers();
    renderCarousel(true);
    act(() => void vi.advanceTimersByTime(5100));
    expect(current()).toBe(1);
    const pause = screen.getByRole("button", { name: "Pause slideshow" });
    expect(pause.textContent).toContain("Pause");
    fireEvent.click(pause);
    const play = screen.getByRole("button", { name: "Play slideshow" });
    expect(play.textContent).toContain("Play");
    act(() => void vi.advanceTimersByTime(20000));
    expect(current()).toBe(1);
    expect(document.querySelector("[aria-live]")?.getAttribute("aria-live")).toBe("polite");
    fireEvent.click(play);
    act(() => void vi.advanceTimersByTime(5100));
    expect(current()).toBe(2);
  });

  it("pauses while the pointer is over a slide or a slide link has focus", () => {
    vi.useFakeTimers();
    renderCarousel(true);
    const link = screen.getByRole("link", { name: "Tiggo 7 Pro" });
    const viewport = document.querySelector("[aria-live]")!.parentElement!;
    fireEvent.mouseEnter(viewport);
    act(() => void vi.advanceTimersByTime(12000));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(viewport);
    act(() => void link.focus());
    act(() => void vi.advanceTimersByTime(12000));
    expect(current()).toBe(0);
    act(() => void link.blur());
    act(() => void vi.advanceTimersByTime(5100));
    expect(current()).toBe(1);
  });

  it("does not autoplay for visitors who prefer reduced motion, but offers Play", () => {
    reducedMotion = true;
    vi.useFakeTimers();
    renderCarousel(true);
    act(() => void vi.advanceTimersByTime(20000));
    expect(current()).toBe(0);
    expect(screen.getByRole("button", { name: "Play slideshow" })).toBeTruthy();
  });

  it("has no Pause button when autoplay is off", () => {
    renderCarousel(false);
    expect(screen.queryByRole("button", { name: /slideshow/ })).toBeNull();
  });
});
