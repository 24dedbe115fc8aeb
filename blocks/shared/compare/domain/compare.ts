/**
 * Compare: up to 3 cars picked on cards or vehicle pages, stored in the browser under "compare" as
 * {id, slug, name}; the compare page's address lists the slugs (/compare?cars=a,b,c), so it can be
 * shared. An older list of bare ids (what cards stored before) has no slug and is dropped.
 */
import { parseStoredList } from "../../stored-list/stored-list";

export const COMPARE_KEY = "compare";
export const COMPARE_LIMIT = 3;
export const COMPARE_PATH = "/compare";

export interface CompareItem {
  id: number;
  slug: string;
  name: string;
}

export function parseCompare(raw: string | null | undefined): CompareItem[] {
  return parseStoredList(
    raw,
    (o) => {
      const id = Number(o.id);
      if (!Number.isSafeInteger(id) || typeof o.slug !== "string" || !/^[a-z0-9-]+$/.test(o.slug)) return null;
      return { id, slug: o.slug, name: typeof o.name === "string" ? o.name : o.slug };
    },
    COMPARE_LIMIT,
  );
}

export type CompareToggle = { list: CompareItem[]; result: "added" | "removed" | "full" };

/** Adds or removes a car; a fourth car is refused ("full"), never silently dropping one picked before. */
export function toggleCompare(list: readonly CompareItem[], car: CompareItem): CompareToggle {
  if (list.some((c) => c.id === car.id)) return { list: list.filter((c) => c.id !== car.id), result: "removed" };
  if (list.length >= COMPARE_LIMIT) return { list: [...list], result: "full" };
  return { list: [...list, car], result: "added" };
}

export function compareHref(slugs: readonly string[]): string {
  return `${COMPARE_PATH}?cars=${slugs.map(encodeURIComponent).join(",")}`;
}

/** The slugs of a compare page address (?cars=a,b,c): valid, distinct, at most 3. */
export function slugsFromQuery(value: string | string[] | undefined): string[] {
  const raw = (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").map((s) => s.trim().toLowerCase());
  return [...new Set(raw.filter((s) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s) && s.length <= 200))].slice(0, COMPARE_LIMIT);
}

export interface CompareRow {
  label: string;
  values: string[];
  differs: boolean;
}

/** Rows of the side-by-side table; a row differs when the cars' values are not all the same. */
export function compareRows(fields: readonly { label: string; values: string[] }[]): CompareRow[] {
  return fields.filter((f) => f.values.some((v) => v !== "" && v !== "–")).map((f) => ({ ...f, differs: f.values.length > 1 && new Set(f.values).size > 1 }));
}
