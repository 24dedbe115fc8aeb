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

  it("adds the catalogue's model pages and the brands' own pages", () => {
    const manifest = {
      models: [{ slug: "omoda-5" }, { slug: "tiggo-9" }],
      brands: { car: [{ slug: "twg-cars" }, { slug: "toyota", skipPage: true }] },
      routes: {
        "/": { title: "Home", blocks: [] },
        "/models/[model]": { title: "Model", blocks: [] },
        "/[brand]/overview": { title: "Brand", blocks: [] },
      },
    } as any;
    expect(sitemapPaths(manifest)).toEqual(["/", "/models/omoda-5", "/models/tiggo-9", "/twg-cars/overview"]);
  });
});
