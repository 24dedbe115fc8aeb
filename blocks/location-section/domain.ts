/** Columns of the location grid at large widths: 1 card one column, 2 cards two, 3 or more three (4 for 4, 8…, so rows fill). */
export function gridColumns(count: number): number {
  if (count <= 3) return Math.max(1, count);
  return count % 4 === 0 ? 4 : 3;
}
