import { describe, expect, it } from "vitest";
import { canonicalOrigin, sitemapDocument } from "./seo";

describe("sitemapDocument", () => {
  it("writes each page under the site's origin, escaped, with its lastmod in UTC when known", () => {
    const xml = sitemapDocument("https://www.example.com.au", [{ path: "/" }, { path: "/cars/a&b", lastModified: new Date("2026-11-20T01:02:03.456Z") }]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "  <url><loc>https://www.example.com.au/</loc></url>\n" +
        "  <url><loc>https://www.example.com.au/cars/a&amp;b</loc><lastmod>2026-11-20T01:02:03Z</lastmod></url>\n" +
        "</urlset>\n",
    );
  });
});

describe("canonicalOrigin", () => {
  it("is the canonical host when set, else the first host, else the request's origin", () => {
    expect(canonicalOrigin({ seo: { canonicalHost: "www.a.com.au" }, hosts: ["a.com.au"] } as never, "http://x")).toBe("https://www.a.com.au");
    expect(canonicalOrigin({ hosts: ["a.com.au"] } as never, "http://x")).toBe("https://a.com.au");
    expect(canonicalOrigin({ hosts: [] } as never, "http://x")).toBe("http://x");
  });
});
