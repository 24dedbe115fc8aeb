/**
 * A real address for each of a dealer's page patterns, so the studio's preview shows a
 * page with a value in its address: a car for /cars/[slug] (and its checkout pages), a model for
 * /models/[model], an offer (a tile) for /offers/[id], a location for the location pages, a post for
 * a news or blog pattern. An optional catch-all ([[...facets]]) is left empty. A pattern with no
 * sample (no models yet, say) has none: the studio says so. Pure.
 */
interface Samples {
  carSlug?: string;
  models?: { slug?: string; status?: string }[];
  tiles?: { id?: string; display?: string[] }[];
  locations?: { slug?: string; visible?: boolean }[];
  blogPosts?: { href?: string }[];
}

/** The sample value for the parameter after the static segment `before` ("cars", "models"…), or undefined. */
function sampleFor(before: string, s: Samples): string | undefined {
  if (before === "cars") return s.carSlug;
  if (before === "models") return (s.models ?? []).find((m) => m.slug && m.status !== "hidden")?.slug ?? s.models?.[0]?.slug;
  if (before === "offers") return ((s.tiles ?? []).find((t) => t.display?.includes("offers")) ?? s.tiles?.[0])?.id;
  if (["locations", "contact-us", "our-location"].includes(before)) return ((s.locations ?? []).find((l) => l.visible !== false) ?? s.locations?.[0])?.slug;
  const post = (s.blogPosts ?? []).map((p) => p.href ?? "").find((h) => h.startsWith(`/${before}/`) && h.split("/").length === 3);
  return post?.split("/")[2];
}

/** The address previewed for a pattern, or null when the dealer has nothing to show there. Static paths are their own address. */
export function samplePath(pattern: string, s: Samples): string | null {
  if (!pattern.includes("[")) return pattern;
  const out: string[] = [];
  const segments = pattern.split("/").slice(1);
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (/^\[\[\.\.\.[a-z_]+\]\]$/.test(seg)) continue;
    if (/^\[(\.\.\.)?[a-z_]+\]$/.test(seg)) {
      const value = sampleFor(segments[i - 1] ?? "", s);
      if (!value) return null;
      out.push(encodeURIComponent(value));
    } else out.push(seg);
  }
  return "/" + out.join("/");
}

/** Addresses for every pattern that has a sample. */
export function samplePaths(patterns: string[], s: Samples): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of patterns) {
    const path = samplePath(p, s);
    if (path !== null && path !== p) out[p] = path;
  }
  return out;
}
