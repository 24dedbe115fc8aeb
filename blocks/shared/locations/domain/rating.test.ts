import { describe, expect, it } from "vitest";
import { locationRating, roundRating, starRating } from "./rating";

describe("starRating", () => {
  it("shows 4 full stars and a partial, one decimal and the count", () => {
    expect(starRating(4.5, 2538)).toEqual({ fills: [1, 1, 1, 1, 0.5], average: "4.5", count: "2,538", label: "Rated 4.5 out of 5 from 2,538 reviews" });
    expect(starRating(4.66, 12).fills).toEqual([1, 1, 1, 1, 0.7]);
    expect(starRating(3.2, 1)).toMatchObject({ fills: [1, 1, 1, 0.2, 0], label: "Rated 3.2 out of 5 from 1 review" });
    expect(starRating(5, 3).fills).toEqual([1, 1, 1, 1, 1]);
  });
  it("rounds half up to one decimal and clamps to 0…5", () => {
    expect(roundRating(4.45)).toBe(4.5);
    expect(roundRating(4.44)).toBe(4.4);
    expect(roundRating(7)).toBe(5);
    expect(roundRating(-1)).toBe(0);
  });
});

describe("locationRating", () => {
  it("reads the reviews aggregate or the flat fields", () => {
    expect(locationRating({ reviews: { average_rating: 4.7, count: 612 } })).toEqual({ average: 4.7, count: 612 });
    expect(locationRating({ average_rating: 4.1, review_count: 9 })).toEqual({ average: 4.1, count: 9 });
    expect(locationRating({})).toBeNull();
    expect(locationRating({ reviews: { average_rating: 4, count: 0 } })).toBeNull();
  });
});
