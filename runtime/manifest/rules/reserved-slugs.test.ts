import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { RESERVED_SLUGS, reservedSlugs } from "./reserved-slugs";

const check = (slug: string) => reservedSlugs.check(ruleContext(schemaValidManifest((m) => (m.slug = slug))));

describe("rule reserved-slugs", () => {
  it("accepts an ordinary slug, and one that only starts like a studio page", () => {
    expect(check("ballina-kia")).toEqual([]);
    expect(check("new-england-motors")).toEqual([]);
  });

  it("refuses each of the studio's own path names at /slug, saying why", () => {
    for (const slug of ["new", "staff", "sign-in", "preview", "drafts", "templates"]) {
      expect(RESERVED_SLUGS.has(slug), slug).toBe(true);
      expect(check(slug), slug).toEqual([
        expect.objectContaining({
          pointer: "/slug",
          message: `'${slug}' is a name the studio uses for its own pages (/studio/${slug}): choose another short name.`,
        }),
      ]);
    }
  });
});
