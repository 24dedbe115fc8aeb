/** Dealer comments: cut at 400 characters with show more / show less (the pending message when empty is the dealer's wording). */
export const DEALER_COMMENTS_LIMIT = 400;

export interface TruncatedText {
  /** The whole text, trimmed. */
  full: string;
  /** The first part: at most `limit` characters (cut back to a word boundary when one is near), then an ellipsis. */
  short: string;
  truncated: boolean;
}

export function truncateComments(text: string | null | undefined, limit = DEALER_COMMENTS_LIMIT): TruncatedText | null {
  const full = (text ?? "").replace(/\r\n?/g, "\n").trim();
  if (!full) return null;
  if (full.length <= limit) return { full, short: full, truncated: false };
  let cut = full.slice(0, limit);
  const space = cut.search(/\s\S*$/);
  // Prefer ending on a whole word unless that would lose more than a tenth of the limit.
  if (space > limit * 0.9) cut = cut.slice(0, space);
  return { full, short: `${cut.trimEnd()}…`, truncated: true };
}
