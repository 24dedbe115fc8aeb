import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { BreadcrumbsProps, DealerManifest } from "@/runtime/generated/types";
import { Breadcrumbs } from "./Breadcrumbs";
import { humanise, scriptJson, trailFromPath } from "./trail";
import { blockProps } from "@/tests/helpers/block-props";

const page = (title: string, flag?: string) => ({ title, blocks: [], ...(flag ? { flag } : {}) });
const manifest = {
  name: "Sunshine Chery",
  features: { serviceBooking: false },
  routes: {
    "/": page("Home"),
    "/service": page("Service"),
    "/service/book": page("Book a service"),
    "/parts": page("Parts", "serviceBooking"),
    "/parts/search": page("Parts search"),
    "/cars/[slug]": page("Car details"),
    "/search/[[...facets]]": page("Search our stock"),
  },
} as unknown as DealerManifest;

const crumbs = (pathname: string, pattern: string | null, props: BreadcrumbsProps = {}) =>
  renderToStaticMarkup(
    <Breadcrumbs
      props={blockProps("breadcrumbs", props)}
      data={undefined}
      dataFailed={false}
      site={{ manifest, pattern, params: {}, pathname, searchParams: {}, origin: "https://www.sunshinechery.com.au", now: new Date() }}
      slots={{}}
    />,
  );

describe("breadcrumbs", () => {
  it("derives the trail from the path, with route titles and aria-current on the current page", () => {
    const html = crumbs("/service/book", "/service/book");
    expect(html).toContain('<nav aria-label="Breadcrumb"');
    expect(html).toMatch(/<a class="[^"]*" href="\/">Home<\/a>/);
    expect(html).toMatch(/<a class="[^"]*" href="\/service">Service<\/a>/);
    expect(html).toMatch(/<span [^>]*aria-current="page">Book a service<\/span>/);
    expect(html.match(/aria-current/g)?.length).toBe(1);
  });

  it("parents that are not pages are text; flagged-off pages are not linked; segments become words", () => {
    expect(trailFromPath(manifest, "/cars/2023-chery-tiggo-7-pro", "/cars/[slug]")).toEqual([{ label: "Cars" }, { label: "Car details" }]);
    expect(trailFromPath(manifest, "/parts/search", "/parts/search")).toEqual([{ label: "Parts" }, { label: "Parts search" }]);
    const withLocations = {
      ...manifest,
      locationPagePath: "/locations",
      locations: [{ id: 1, slug: "springwood", name: "Sunshine Chery Springwood" }],
      routes: { ...manifest.routes, "/locations/[slug]": { title: "Location", blocks: [] } },
    } as unknown as typeof manifest;
    expect(trailFromPath(withLocations, "/locations/springwood", "/locations/[slug]")).toEqual([
      { label: "Locations" },
      { label: "Sunshine Chery Springwood" },
    ]);
    expect(trailFromPath(manifest, "/search/new/chery", "/search/[[...facets]]")).toEqual([
      { label: "Search", href: "/search" },
      { label: "New", href: "/search/new" },
      { label: "Search our stock" },
    ]);
    expect(humanise("new-used%20and-demo_cars")).toBe("New used and demo cars");
  });

  it("renders nothing on the home page and the 404 page", () => {
    expect(crumbs("/", "/")).toBe("");
    expect(crumbs("", null)).toBe("");
  });

  it("uses the given items after Home", () => {
    const html = crumbs("/search/new/chery", "/search/[[...facets]]", {
      items: [{ label: "New cars", href: "/search/new" }, { label: "Chery", href: "javascript:alert(1)" }, { label: "Tiggo 7 Pro" }],
      homeLabel: "Start",
    });
    expect(html).toContain(">Start</a>");
    expect(html).toContain('href="/search/new"');
    expect(html).not.toContain("javascript:");
    expect(html).toContain("<span>Chery</span>");
    expect(html).toMatch(/aria-current="page">Tiggo 7 Pro</);
  });

  it("treats empty items (the schema default) as 'derive from the path'", () => {
    expect(crumbs("/service", "/service", { items: [], homeLabel: "Home" })).toMatch(/aria-current="page">Service</);
  });

  it("emits BreadcrumbList JSON-LD with absolute URLs", () => {
    const html = crumbs("/service/book", "/service/book");
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(json)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://www.sunshinechery.com.au/" },
        { "@type": "ListItem", position: 2, name: "Service", item: "https://www.sunshinechery.com.au/service" },
        { "@type": "ListItem", position: 3, name: "Book a service", item: "https://www.sunshinechery.com.au/service/book" },
      ],
    });
  });

  it("escapes < in the JSON-LD so dealer text cannot close the script", () => {
    const html = crumbs("/x", "/x", { items: [{ label: "</script><script>alert(1)</script>" }] });
    expect(html).not.toContain("</script><script>");
    expect(html).toContain("\\u003c/script>");
    expect(scriptJson({ a: "<" })).toBe('{"a":"\\u003c"}');
  });
});
