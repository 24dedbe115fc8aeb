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
  const out: T[] = [];
  for (const v of parseJsonArray(raw)) {
    if (!v || typeof v !== "object") continue;
    const item = pick(v as Record<string, unknown>);
    if (item && !out.some((c) => c.id === item.id)) out.push(item);
  }
  return out.slice(0, limit);
}

/** The stored value's entries when it is a JSON array; nothing stored, unreadable JSON or any other value gives []. */
export function parseJsonArray(raw: string | null | undefined): unknown[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value : [];
}
