// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { StickyBars } from "./client/StickyBars";

/**
 * The bars keep the keyboard's focus in view, but must never scroll the page under a pointer that
 * is pressing a button: the release would land elsewhere and the click would reach no handler (the
 * vehicle sidebar's "Saved to Favourites", just above the bottom bar, could not be pressed).
 */
const BAR_TOP = 650;
const scrollIntoView = vi.fn();

function rect(top: number, height: number): DOMRect {
  return { top, bottom: top + height, left: 0, right: 300, width: 300, height, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
}

beforeEach(() => {
  scrollIntoView.mockClear();
  Object.defineProperty(HTMLElement.prototype, "scrollIntoView", { configurable: true, value: scrollIntoView });
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid === "sticky-bar") return rect(BAR_TOP, 70);
    // The sidebar's button: its lower edge behind the bar's top.
    if (this.dataset.favourite) return rect(630, 47);
    return rect(0, 0);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage() {
  render(
    <>
      <button type="button" data-favourite="7">
        Saved to Favourites
      </button>
      <StickyBars
        title="2024 Mazda CX-3 G20 Pure DK"
        priceText="$24,990"
        headerAction={null}
        barActions={[{ label: "Enquire", href: "/contact?car_id=7#enquiry" }]}
        scrolledBarActions={null}
      />
    </>,
  );
  return screen.getByRole("button", { name: "Saved to Favourites" });
}

describe("StickyBars: focus behind the bottom bar", () => {
  it("scrolls a control the keyboard focused out from under the bar", () => {
    const button = renderPage();
    fireEvent.keyDown(document.body, { key: "Tab" });
    button.focus();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "center" });
  });

  it("leaves the page still when a pointer press focuses the control, so the click lands on it", () => {
    const button = renderPage();
    fireEvent.pointerDown(button);
    button.focus();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it("goes back to keeping focus clear once a key is pressed after a pointer press", () => {
    const button = renderPage();
    fireEvent.pointerDown(button);
    button.blur();
    fireEvent.keyDown(document.body, { key: "Tab" });
    button.focus();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
