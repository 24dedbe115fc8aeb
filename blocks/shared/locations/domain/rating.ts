/**
 * The review star display: up to 4 full stars plus a partial one, the average with one
 * decimal and the review count.
 */
export interface StarRating {
  /** Five fills between 0 and 1, each to one decimal (4.5 -> 1, 1, 1, 1, 0.5). */
  fills: number[];
  /** "4.5" */
  average: string;
  /** "2,538" */
  count: string;
  /** "Rated 4.5 out of 5 from 2,538 reviews" */
  label: string;
}

/** Rounds to one decimal, half up, working in tenths so 4.45 is not read as 4.4499…. */
export function roundRating(value: number): number {
  return Math.round(Math.min(5, Math.max(0, value)) * 10 + 1e-9) / 10;
}

export function starRating(average: number, count: number): StarRating {
  const rounded = roundRating(average);
  const fills = [0, 1, 2, 3, 4].map((i) => Math.round(Math.min(1, Math.max(0, rounded - i)) * 10) / 10);
  const countText = count.toLocaleString("en-AU");
  return {
    fills,
    average: rounded.toFixed(1),
    count: countText,
    label: `Rated ${rounded.toFixed(1)} out of 5 from ${countText} review${count === 1 ? "" : "s"}`,
  };
}

/** The aggregate of a location (reviews.{average_rating,count} or the flat average_rating/review_count); null when it has none. */
export function locationRating(location: {
  reviews?: { average_rating?: number; count?: number };
  average_rating?: number;
  review_count?: number;
}): { average: number; count: number } | null {
  const average = location.reviews?.average_rating ?? location.average_rating;
  const count = location.reviews?.count ?? location.review_count;
  return typeof average === "number" && typeof count === "number" && count > 0 ? { average, count } : null;
}
