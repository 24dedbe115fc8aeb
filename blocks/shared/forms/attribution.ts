/**
 * Lead attribution kept in the browser: the pages visited in this session (a sessionStorage
 * list) and the linked query parameters of the landing URL (utm_*, gclid …), plus the page
 * fields every lead carries (PageTitle, url, user_agent). Browser-only helpers that do nothing
 * on the server or when storage is blocked.
 */
import { linkedParamsOf } from "@/runtime/leads/linked-params";

export { linkedParamsOf };
export const VISITED_PAGES_KEY = "visitedPages";
export const LINKED_PARAMS_KEY = "linkedQueryParams";
/** The lead schema allows 100 entries; keep the most recent ones. */
export const MAX_VISITED_PAGES = 100;

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson<T>(storage: Storage | null, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Records the current page (path and query) once per navigation, and the first linked parameters seen. */
export function recordVisit(loc: Pick<Location, "pathname" | "search"> | undefined = typeof window === "undefined" ? undefined : window.location): void {
  const s = session();
  if (!s || !loc) return;
  try {
    const page = `${loc.pathname}${loc.search}`.slice(0, 2048);
    const list = readJson<string[]>(s, VISITED_PAGES_KEY, []);
    const pages = Array.isArray(list) ? list.filter((p) => typeof p === "string") : [];
    if (pages[pages.length - 1] !== page) pages.push(page);
    s.setItem(VISITED_PAGES_KEY, JSON.stringify(pages.slice(-MAX_VISITED_PAGES)));
    const linked = linkedParamsOf(loc.search);
    if (Object.keys(linked).length) {
      const known = readJson<Record<string, string>>(s, LINKED_PARAMS_KEY, {});
      s.setItem(LINKED_PARAMS_KEY, JSON.stringify({ ...linked, ...(known && typeof known === "object" ? known : {}) }));
    }
  } catch {
    // storage full or blocked: attribution is best effort
  }
}

export interface LeadAttributes {
  visited_pages?: string[];
  linked_query_params?: Record<string, string>;
}

export function leadAttributes(): LeadAttributes | undefined {
  const s = session();
  if (!s) return undefined;
  const pages = readJson<unknown>(s, VISITED_PAGES_KEY, []);
  const params = readJson<unknown>(s, LINKED_PARAMS_KEY, {});
  const out: LeadAttributes = {};
  if (Array.isArray(pages)) {
    const list = pages
      .filter((p): p is string => typeof p === "string")
      .map((p) => p.slice(0, 2048))
      .slice(-MAX_VISITED_PAGES);
    if (list.length) out.visited_pages = list;
  }
  if (params && typeof params === "object" && !Array.isArray(params)) {
    const linked: Record<string, string> = {};
    for (const [k, v] of Object.entries(params as Record<string, unknown>).slice(0, 50))
      if (typeof v === "string" && k.length <= 100) linked[k] = v.slice(0, 500);
    if (Object.keys(linked).length) out.linked_query_params = linked;
  }
  return Object.keys(out).length ? out : undefined;
}

/** PageTitle, url and user_agent, capped at the lead schema's lengths. */
export function pageFields(): { PageTitle?: string; url?: string; user_agent?: string } {
  if (typeof window === "undefined") return {};
  const out: { PageTitle?: string; url?: string; user_agent?: string } = {};
  if (document.title) out.PageTitle = document.title.slice(0, 300);
  out.url = window.location.href.slice(0, 2048);
  if (navigator.userAgent) out.user_agent = navigator.userAgent.slice(0, 1024);
  return out;
}
