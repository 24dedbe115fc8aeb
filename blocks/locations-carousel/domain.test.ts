import { describe, expect, it } from "vitest";
import { carouselLayout } from "./domain";

describe("locations carousel layout", () => {
  it("centres fewer than 3 cards", () => {
    expect(carouselLayout(2).centred).toBe(true);
    expect(carouselLayout(3).centred).toBe(false);
  });
  it("hides the swipe hint on large screens over 3 cards", () => {
    expect([1, 2, 3, 4, 6].map((n) => carouselLayout(n).swipeHintLarge)).toEqual([false, true, true, false, false]);
    expect([1, 2, 4].map((n) => carouselLayout(n).swipeHintSmall)).toEqual([false, true, true]);
  });
  it("uses 5 columns over 4 cards", () => {
    expect([1, 3, 4, 5, 9].map((n) => carouselLayout(n).columns)).toEqual([1, 3, 4, 5, 5]);
  });
});
