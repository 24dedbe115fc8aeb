import { describe, expect, it } from "vitest";
import { sitemapPaths } from "./seo";

describe("sitemapPaths", () => {
  it("lists the static, indexable, enabled routes except /success", () => {
    const manifest = {
      features: { blog: false, finance: true },
      routes: {
        "/": { title: "Home", blocks: [] },
        "/about-us": { title: "About", blocks: [] },
        "/cars/[slug]": { title: "Car", blocks: [] },
        "/search/[[...facets]]": { title: "Search", blocks: [] },
        "/news": { title: "News", flag: "blog", blocks: [] },
        "/finance": { title: "Finance", flag: "finance", blocks: [] },
        "/private": { title: "Private", noindex: true, blocks: [] },
        "/success": { title: "Thanks", blocks: [] },
      },
    } as any;
    expect(sitemapPaths(manifest)).toEqual(["/", "/about-us", "/finance"]);
  });

  it("adds the visible locations' pages under the site's location path", () => {
    const manifest = {
      locationPagePath: "/contact-us",
      locations: [{ slug: "springwood" }, { slug: "hidden", visible: false }],
      routes: {
        "/": { title: "Home", blocks: [] },
        "/contact-us/[slug]": { title: "Location", blocks: [] },
        "/locations/[slug]": { title: "Location", blocks: [] },
      },
    } as any;
    expect(sitemapPaths(manifest)).toEqual(["/", "/contact-us/springwood"]);
  });
});
