/**
 * Cards per row at large widths by how many there are: one card fills the row, two or four sit
 * two to a row (no lone card under a row of three), anything else three to a row.
 */
export function promoColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  if (count === 2 || count === 4) return 2;
  return 3;
}
