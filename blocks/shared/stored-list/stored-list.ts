/**
 * A list kept in the browser's storage as JSON: anything unreadable is an empty list, entries that
 * are not objects are skipped, and `pick` turns each object into an item (null to skip it). Items
 * keep the first of each id, and the list keeps at most `limit`.
 */
export function parseStoredList<T extends { id: number }>(
  raw: string | null | undefined,
  pick: (entry: Record<string, unknown>) => T | null,
  limit: number,
): T[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const v of value) {
    if (!v || typeof v !== "object") continue;
    const item = pick(v as Record<string, unknown>);
    if (item && !out.some((c) => c.id === item.id)) out.push(item);
  }
  return out.slice(0, limit);
}
