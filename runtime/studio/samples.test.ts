import { describe, expect, it } from "vitest";
import { samplePath, samplePaths } from "./samples";

const s = {
  carSlug: "2024-chery-omoda-5-abc",
  models: [{ slug: "omoda-5" }, { slug: "tiggo-7" }],
  tiles: [
    { id: "eofy", display: ["home"] },
    { id: "runout", display: ["slider", "offers"] },
  ],
  locations: [{ slug: "hidden-yard", visible: false }, { slug: "springwood" }],
  blogPosts: [{ href: "https://example.com/x" }, { href: "/news/omoda-arrives" }],
};

describe("samplePath", () => {
  it("picks a real car, model, offer, location and post for each pattern", () => {
    expect(samplePath("/cars/[slug]", s)).toBe("/cars/2024-chery-omoda-5-abc");
    expect(samplePath("/cars/[slug]/checkout", s)).toBe("/cars/2024-chery-omoda-5-abc/checkout");
    expect(samplePath("/models/[model]", s)).toBe("/models/omoda-5");
    expect(samplePath("/models/[model]/stock", s)).toBe("/models/omoda-5/stock");
    expect(samplePath("/offers/[id]", s)).toBe("/offers/runout");
    expect(samplePath("/contact-us/[slug]", s)).toBe("/contact-us/springwood");
    expect(samplePath("/news/[slug]", s)).toBe("/news/omoda-arrives");
  });

  it("leaves an optional catch-all empty, keeps a plain path, and has nothing for a pattern without a sample", () => {
    expect(samplePath("/search/[[...facets]]", s)).toBe("/search");
    expect(samplePath("/about-us", s)).toBe("/about-us");
    expect(samplePath("/models/[model]", { models: [] })).toBeNull();
    expect(samplePath("/widgets/[id]", s)).toBeNull();
  });

  it("maps the patterns that have a sample", () => {
    expect(samplePaths(["/", "/offers/[id]", "/widgets/[id]"], s)).toEqual({ "/offers/[id]": "/offers/runout" });
  });
});
