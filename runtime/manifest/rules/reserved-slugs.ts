import type { ManifestRule } from "./types";

/**
 * Short names the studio's own addresses take (/studio/new, /studio/staff, /studio/sign-in,
 * /studio/preview/…, /studio/drafts/…, /studio/templates/…, and the internal routes' names): a
 * dealer with one of them could not be opened or saved at /studio/{slug}, because the studio's page
 * answers there instead. runtime/studio/access.test.ts checks the list against the studio's paths.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["new", "staff", "sign-in", "preview", "drafts", "templates", "check", "save", "site"]);

/** The words said wherever a reserved short name is refused (the new-dealer form, this rule). */
export function reservedSlugMessage(slug: string): string {
  return `'${slug}' is a name the studio uses for its own pages (/studio/${slug}): choose another short name.`;
}

/** A dealer's slug is not one of the studio's own path names. */
export const reservedSlugs: ManifestRule = {
  id: "reserved-slugs",
  description: "The slug is not a name the studio uses for its own pages (new, staff, sign-in, preview, drafts, templates…).",
  check({ manifest }) {
    if (!RESERVED_SLUGS.has(manifest.slug)) return [];
    return [{ pointer: "/slug", message: reservedSlugMessage(manifest.slug), hint: "the studio would show its own page instead of this dealer's editor" }];
  },
};
