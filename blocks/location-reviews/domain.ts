/** Which reviews a location shows: none below the minimum average; never a hidden title; newest first; at most the limit. */
import type { ResolvedLocation } from "@/runtime/generated/types";
import { locationRating } from "@/blocks/shared/locations/domain/rating";

export type Review = NonNullable<NonNullable<ResolvedLocation["reviews"]>["items"]>[number];

export const MAX_REVIEWS = 12;

export function shownReviews(
  location: Pick<ResolvedLocation, "reviews" | "average_rating" | "review_count">,
  opts: { minRating: number; limit: number; hiddenTitles: readonly string[] },
): { average: number; count: number; reviews: Review[] } | null {
  const rating = locationRating(location);
  if (!rating || rating.average < opts.minRating) return null;
  const hidden = new Set(opts.hiddenTitles.map((t) => t.trim().toLowerCase()));
  const reviews = (location.reviews?.items ?? [])
    .filter((r) => !r.title || !hidden.has(r.title.trim().toLowerCase()))
    .sort((a, b) => b.review_date.localeCompare(a.review_date))
    .slice(0, Math.min(opts.limit, MAX_REVIEWS));
  return { ...rating, reviews };
}
