import { describe, expect, it } from "vitest";
import { shownReviews, type Review } from "./domain";

const review = (i: number, over: Partial<Review> = {}): Review => ({
  id: `r${i}`,
  customer_name: `N${i}`,
  text: "t",
  rating: 5,
  review_date: `2026-01-${String(i).padStart(2, "0")}`,
  ...over,
});
const items = Array.from({ length: 15 }, (_, i) => review(i + 1));
const opts = { minRating: 4, limit: 12, hiddenTitles: [] as string[] };

describe("shown reviews", () => {
  it("shows at most 12, newest first", () => {
    const out = shownReviews({ reviews: { average_rating: 4.5, count: 2538, items } }, opts)!;
    expect(out.reviews).toHaveLength(12);
    expect(out.reviews[0].id).toBe("r15");
    expect(shownReviews({ reviews: { average_rating: 4.5, count: 9, items } }, { ...opts, limit: 3 })!.reviews.map((r) => r.id)).toEqual(["r15", "r14", "r13"]);
  });
  it("is hidden below the minimum average (4 by default) and without an aggregate", () => {
    expect(shownReviews({ reviews: { average_rating: 3.9, count: 10, items } }, opts)).toBeNull();
    expect(shownReviews({ reviews: { average_rating: 4, count: 10, items } }, opts)).not.toBeNull();
    expect(shownReviews({ reviews: { items } }, opts)).toBeNull();
  });
  it("leaves out the hidden titles, ignoring case and spaces", () => {
    const list = [review(1, { title: "Long wait" }), review(2, { title: "Great" }), review(3, { title: "Rude staff" })];
    const out = shownReviews({ reviews: { average_rating: 4.2, count: 3, items: list } }, { ...opts, hiddenTitles: [" long WAIT ", "Rude staff"] })!;
    expect(out.reviews.map((r) => r.id)).toEqual(["r2"]);
  });
});
