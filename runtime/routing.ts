/**
 * Route patterns in manifests, Next.js style:
 *   /about-us            static
 *   /cars/[slug]         one segment
 *   /blog/[...rest]      one or more segments
 *   /search/[[...facets]] zero or more segments
 * Patterns are tried in the order they are listed in the manifest; the first match wins.
 */
export interface RouteMatch {
  pattern: string;
  params: Record<string, string | string[]>;
}

export function matchPattern(pattern: string, pathname: string): Record<string, string | string[]> | null {
  const patSegs = pattern.split("/").filter(Boolean);
  const segs = pathname.split("/").filter(Boolean).map(safeDecode);
  if (segs.some((s) => s === null)) return null;
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < patSegs.length; i++) {
    const p = patSegs[i];
    const optionalCatchAll = /^\[\[\.\.\.([a-z_]+)\]\]$/.exec(p);
    const catchAll = /^\[\.\.\.([a-z_]+)\]$/.exec(p);
    if (optionalCatchAll || catchAll) {
      const rest = segs.slice(i) as string[];
      if (catchAll && rest.length === 0) return null;
      params[(optionalCatchAll ?? catchAll)![1]] = rest;
      return params;
    }
    const seg = segs[i];
    if (seg === undefined) return null;
    const dynamic = /^\[([a-z_]+)\]$/.exec(p);
    if (dynamic) params[dynamic[1]] = seg as string;
    else if (p !== seg) return null;
  }
  return segs.length === patSegs.length ? params : null;
}

export function matchRoute(patterns: string[], pathname: string): RouteMatch | null {
  // Trailing slashes are the same page (/book-test-drive and /book-test-drive/).
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  for (const pattern of patterns) {
    const params = matchPattern(pattern, normalised);
    if (params) return { pattern, params };
  }
  return null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
