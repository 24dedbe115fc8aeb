/** Blog card titles are cut at 80 characters and descriptions at 100. */
export const BLOG_TITLE_LIMIT = 80;
export const BLOG_DESCRIPTION_LIMIT = 100;

export const ELLIPSIS = "…";

/**
 * Cuts `text` at `limit` characters and appends '…' when anything was cut; text that fits is
 * returned as it is. Characters are Unicode code points, so an emoji or other astral character
 * is never split in half. Whitespace left at the cut is dropped before the ellipsis
 * ("Hello world" at 6 gives "Hello…", not "Hello …").
 */
export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return chars.slice(0, Math.max(0, limit)).join("").trimEnd() + ELLIPSIS;
}
