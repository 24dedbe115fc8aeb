import type { Part } from "@/runtime/generated/types";

export interface PartsQuery {
  /** Words to find in the name or part number. */
  q: string;
  make: string;
  model: string;
  year: number | null;
}

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim().slice(0, 100);

/** The search form's GET parameters as a query (a year outside 1950..2100 is ignored). */
export function partsQuery(params: Record<string, string | string[] | undefined>): PartsQuery {
  const year = Number(one(params.year));
  return { q: one(params.q), make: one(params.make), model: one(params.model), year: Number.isInteger(year) && year >= 1950 && year <= 2100 ? year : null };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Whether a fitment entry covers the asked make, model and year (a field left empty matches anything). */
function fits(f: Part["fitment"][number], q: PartsQuery): boolean {
  if (q.make && norm(f.make) !== norm(q.make)) return false;
  if (q.model && f.model && norm(f.model) !== norm(q.model)) return false;
  if (q.year !== null && ((f.yearFrom !== undefined && q.year < f.yearFrom) || (f.yearTo !== undefined && q.year > f.yearTo))) return false;
  return true;
}

/** Parts matching every word of `q` (name or part number, part numbers also without punctuation) and the vehicle. */
export function searchParts(parts: readonly Part[], q: PartsQuery): Part[] {
  const words = norm(q.q).split(" ").filter(Boolean);
  return parts.filter((p) => {
    const text = `${norm(p.name)} ${norm(p.partNumber)} ${p.partNumber.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
    return words.every((w) => text.includes(w)) && p.fitment.some((f) => fits(f, q));
  });
}

/** Whether anything was asked (the page lists nothing before a search). */
export function asked(q: PartsQuery): boolean {
  return q.q !== "" || q.make !== "" || q.model !== "" || q.year !== null;
}

/** Where 'Order this part' goes: the parts order form with the Part# (and vehicle, when searched) filled in. */
export function orderHref(orderPath: string, part: Pick<Part, "partNumber">, q: PartsQuery): string {
  const params = new URLSearchParams({ part: part.partNumber });
  if (q.make) params.set("make", q.make);
  if (q.model) params.set("model", q.model);
  if (q.year !== null) params.set("year", String(q.year));
  return `${orderPath}?${params.toString()}#parts-order-form`;
}

/** A fitment entry as text: 'Chery Tiggo 7 Pro 2021–2025'. */
export function fitmentText(f: Part["fitment"][number]): string {
  const years = f.yearFrom && f.yearTo ? ` ${f.yearFrom}–${f.yearTo}` : f.yearFrom ? ` ${f.yearFrom} on` : f.yearTo ? ` to ${f.yearTo}` : "";
  return `${f.make}${f.model ? ` ${f.model}` : " (all models)"}${years}`;
}
